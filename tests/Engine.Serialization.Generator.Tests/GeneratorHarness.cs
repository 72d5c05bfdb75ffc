using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace Engine.Serialization.Generator.Tests;

/// <summary>Compiles source strings in memory and runs the generator over them.</summary>
internal static class GeneratorHarness
{
    public const string Usings = """
        using System.Collections.Generic;
        using Engine.Serialization.Generated;
        using MessagePack;

        """;

    // A referenced assembly such as Engine.Core does not run the generator, so it has no Engine.Serialization.Generated.
    private const string ReferenceUsings = """
        using System.Collections.Generic;
        using MessagePack;

        """;

    /// <summary>The repository's root folder (the one holding Engine.sln).</summary>
    public static string RepositoryRoot => Engine.Testing.Repository.Root;

    public static readonly CSharpParseOptions ParseOptions = CSharpParseOptions.Default.WithLanguageVersion(LanguageVersion.Preview);

    // What the .NET SDK gives a net10.0 project (Microsoft.NET.Sdk.Analyzers.targets: the target framework's major version).
    private const int WarningLevel = 10;

    // The test host's trusted platform assemblies are the framework plus this project's packages (MessagePack among them).
    private static readonly Lazy<MetadataReference[]> References = new(() =>
        ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!)
            .Split(Path.PathSeparator)
            .Where(path => Path.GetFileName(path) is var name
                && (name.StartsWith("System.", StringComparison.Ordinal)
                    || name.StartsWith("MessagePack", StringComparison.Ordinal)
                    || name.StartsWith("protobuf-net", StringComparison.Ordinal)
                    || name is "Engine.Serialization.dll" or "Engine.Serialization.Tools.dll"
                    || name is "netstandard.dll" or "mscorlib.dll"))
            .Select(path => (MetadataReference)MetadataReference.CreateFromFile(path))
            .ToArray());

    public static CSharpCompilation Compile(string source, string assemblyName = "Consumer", params MetadataReference[] extraReferences) =>
        Create(Usings + source, assemblyName, extraReferences);

    /// <summary>Compiles <paramref name="files"/> as they are, with no usings added, into a program or a library.</summary>
    public static CSharpCompilation CompileFiles(OutputKind kind, params (string Path, string Text)[] files) =>
        Create("Consumer", kind, [.. files.Select(file => CSharpSyntaxTree.ParseText(file.Text, ParseOptions, file.Path))], []);

    private static CSharpCompilation Create(string source, string assemblyName, MetadataReference[] extraReferences) =>
        Create(assemblyName, OutputKind.DynamicallyLinkedLibrary, [CSharpSyntaxTree.ParseText(source, ParseOptions, path: assemblyName + ".cs")], extraReferences);

    private static CSharpCompilation Create(string assemblyName, OutputKind kind, SyntaxTree[] files, MetadataReference[] extraReferences) =>
        CSharpCompilation.Create(
            assemblyName,
            files,
            [.. References.Value, .. extraReferences],
            new CSharpCompilationOptions(
                kind,
                nullableContextOptions: NullableContextOptions.Enable,
                warningLevel: WarningLevel,
                deterministic: true));

    /// <summary>Compiles <paramref name="source"/> to an in-memory assembly and returns a reference to it, as Engine.Core would be.</summary>
    public static MetadataReference CompileReference(string source, string assemblyName)
    {
        using var image = new MemoryStream();
        var result = Create(ReferenceUsings + source, assemblyName, []).Emit(image);
        AssertClean(result.Diagnostics);
        Assert.True(result.Success);
        return MetadataReference.CreateFromImage(image.ToArray());
    }

    public static GeneratorOutput Run(CSharpCompilation compilation, GeneratorDriver? driver = null, params (string Path, string Text)[] additionalFiles)
    {
        driver ??= CreateDriver(additionalFiles);
        driver = driver.RunGeneratorsAndUpdateCompilation(compilation, out var output, out var generatorDiagnostics);
        return new GeneratorOutput(driver, output, generatorDiagnostics);
    }

    public static GeneratorDriver CreateDriver(params (string Path, string Text)[] additionalFiles) => CSharpGeneratorDriver.Create(
        [new SaveModelGenerator().AsSourceGenerator()],
        additionalTexts: [.. additionalFiles.Select(f => (AdditionalText)new InMemoryText(f.Path, f.Text))],
        parseOptions: ParseOptions,
        driverOptions: new GeneratorDriverOptions(IncrementalGeneratorOutputKind.None, trackIncrementalGeneratorSteps: true));

    /// <summary>No errors or warnings (the SDK's default NoWarn CS1701/CS1702 aside); <paramref name="describe"/> words those found.</summary>
    public static void AssertClean(IEnumerable<Diagnostic> diagnostics, Func<Diagnostic, string>? describe = null)
    {
        var problems = Problems(diagnostics).Select(describe ?? (d => d.ToString())).ToList();
        Assert.True(problems.Count == 0, string.Join(Environment.NewLine, problems));
    }

    /// <summary>The errors and warnings a build would show (the SDK's default NoWarn CS1701/CS1702 aside).</summary>
    public static IEnumerable<Diagnostic> Problems(IEnumerable<Diagnostic> diagnostics) =>
        diagnostics.Where(d => d.Severity >= DiagnosticSeverity.Warning && d.Id is not ("CS1701" or "CS1702"));

    /// <summary>An AdditionalFiles item (a model's checked-in .proto), held in memory.</summary>
    private sealed class InMemoryText(string path, string text) : AdditionalText
    {
        public override string Path => path;

        public override Microsoft.CodeAnalysis.Text.SourceText GetText(CancellationToken cancellationToken = default) =>
            Microsoft.CodeAnalysis.Text.SourceText.From(text);
    }

    internal sealed record GeneratorOutput(GeneratorDriver Driver, Compilation Compilation, ImmutableArray<Diagnostic> Diagnostics)
    {
        public string ResolverSource(string hintName) =>
            Driver.GetRunResult().GeneratedTrees.Single(t => t.FilePath.EndsWith(hintName, StringComparison.Ordinal)).ToString();
    }
}
