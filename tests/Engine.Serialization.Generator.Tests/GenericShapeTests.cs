using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Runtime.Loader;
using Engine.Serialization.Formats;
using Engine.Testing;
using MessagePack;
using Microsoft.CodeAnalysis;

namespace Engine.Serialization.Generator.Tests;

/// <summary>
/// Each generic shape of <see cref="GenericShapes"/> is compiled on its own with the generator, as a game's project
/// would be: it must build with no diagnostic, round-trip in every format, and write the bytes MessagePack-CSharp's
/// standard resolver writes. Each shape the generator refuses must be refused by its diagnostic, never by broken code.
/// </summary>
public sealed class GenericShapeTests
{
    private const string JitOnly = "Loads each model compiled in memory and runs it through generic code made for it: a test under JIT.";

    private static readonly MethodInfo CheckRoundTrips = typeof(GenericShapeTests).GetMethod(nameof(RoundTrips), BindingFlags.NonPublic | BindingFlags.Static)!;

    public static TheoryData<string> Accepted() => [.. GenericShapes.Accepted.Keys];

    public static TheoryData<string> Refused() => [.. GenericShapes.Refused.Keys];

    [Theory]
    [MemberData(nameof(Accepted))]
    [RequiresUnreferencedCode(JitOnly)]
    [RequiresDynamicCode(JitOnly)]
    public void GenericShape_Builds_RoundTripsInEveryFormat_AndMatchesMessagePack(string name)
    {
        var run = GeneratorHarness.Run(GeneratorHarness.Compile(GenericShapes.Accepted[name], "GenericShape." + name));

        Assert.Empty(run.Diagnostics);
        GeneratorHarness.AssertClean(run.Compilation.GetDiagnostics());
        var example = Load(run.Compilation).GetType("Shapes.Example", throwOnError: true)!.GetMethod("Sample")!;
        CheckRoundTrips.MakeGenericMethod(example.ReturnType)
            .Invoke(null, BindingFlags.DoNotWrapExceptions, null, [example.Invoke(null, null)], null);
    }

    [Theory]
    [MemberData(nameof(Refused))]
    public void RefusedGenericShape_IsRefusedByItsDiagnostic(string name)
    {
        var shape = GenericShapes.Refused[name];

        var run = GeneratorHarness.Run(GeneratorHarness.Compile(shape.Source, "GenericShape." + name));

        var diagnostic = Assert.Single(run.Diagnostics);
        Assert.Equal(shape.Id, diagnostic.Id);
        Assert.Equal(DiagnosticSeverity.Error, diagnostic.Severity);
        var message = diagnostic.GetMessage(System.Globalization.CultureInfo.InvariantCulture);
        foreach (var part in shape.MessageParts)
        {
            Assert.Contains(part, message, StringComparison.Ordinal);
        }

        // The refusal is the only error: what the generator did write still compiles.
        Assert.DoesNotContain(GeneratorHarness.Problems(run.Compilation.GetDiagnostics()), d => d.Id != shape.Id);
    }

    private static void RoundTrips<T>(T value)
    {
        foreach (var format in Enum.GetValues<SaveFormat>())
        {
            try
            {
                GraphAssert.Equal(value, SaveSerializer.Load<T>(SaveSerializer.Save(value, options: new SaveOptions { Format = format })));
            }
            catch (Exception e)
            {
                throw new Xunit.Sdk.XunitException($"In {format}: {e.Message}", e);
            }
        }

        byte[] ours = SaveSerializer.ReadPayload<T>(SaveSerializer.Save(value)).Payload.ToArray();
        Assert.Equal(MessagePackSerializer.Serialize(value, MessagePackSerializerOptions.Standard), ours);
        GraphAssert.Equal(value, MessagePackSerializer.Deserialize<T>(ours, MessagePackSerializerOptions.Standard));
    }

    /// <summary>Loads the compiled model into this process and runs its module initializer, which registers its codec.</summary>
    [RequiresUnreferencedCode(JitOnly)]
    [RequiresDynamicCode(JitOnly)]
    private static Assembly Load(Compilation compilation)
    {
        using var image = new MemoryStream();
        var emitted = compilation.Emit(image);
        GeneratorHarness.AssertClean(emitted.Diagnostics);
        image.Position = 0;
        var assembly = AssemblyLoadContext.Default.LoadFromStream(image);
        RuntimeHelpers.RunModuleConstructor(assembly.ManifestModule.ModuleHandle);
        return assembly;
    }
}
