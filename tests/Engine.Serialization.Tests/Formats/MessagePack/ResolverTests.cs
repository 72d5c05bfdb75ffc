using System.Reflection.Metadata;
using System.Reflection.PortableExecutable;
using Engine.Core.Model;
using Engine.Serialization.Formats.MessagePack;
using Engine.Testing;
using MessagePack;

namespace Engine.Serialization.Tests.Formats.MessagePack;

/// <summary>Proves the MessagePack path needs no dynamic code, so it runs the same under NativeAOT.</summary>
public sealed class ResolverTests
{
    /// <summary>Resolvers that emit code or reflect at run time; none may be named by Engine.Serialization.</summary>
    private static readonly string[] DynamicResolverNames =
    [
        "StandardResolver", "StandardResolverAllowPrivate", "ContractlessStandardResolver", "ContractlessStandardResolverAllowPrivate",
        "TypelessContractlessStandardResolver", "TypelessObjectResolver", "TypelessFormatter", "DynamicObjectResolver",
        "DynamicObjectResolverAllowPrivate", "DynamicContractlessObjectResolver", "DynamicContractlessObjectResolverAllowPrivate",
        "DynamicGenericResolver", "DynamicEnumResolver", "DynamicEnumAsStringResolver", "DynamicUnionResolver",
        "AttributeFormatterResolver", "SourceGeneratedFormatterResolver", "ExpandoObjectResolver",
    ];

    [Fact]
    public void GeneratedChain_ServesEveryTypeReachableFromGameContent_WithoutDynamicCode()
    {
        var chain = MessagePackSaveFormat.ResolverFor<GameContent>();
        var getFormatter = typeof(IFormatterResolver).GetMethod(nameof(IFormatterResolver.GetFormatter))!;

        var reachable = ModelTypes.ReachableFrom(typeof(GameContent));
        Assert.Contains(typeof(TrackedList<Room>), reachable);
        Assert.Contains(typeof(TrackedList<float>), reachable);
        foreach (var type in reachable)
        {
            object? formatter = getFormatter.MakeGenericMethod(type).Invoke(chain, null);

            Assert.True(formatter is not null, $"No formatter for {type}");
            var assembly = formatter.GetType().Assembly;
            Assert.False(assembly.IsDynamic, $"{type} is served by dynamically emitted code");
            Assert.Contains(assembly.GetName().Name, new[] { "Engine.Core", "MessagePack" });
        }
    }

    [Fact]
    public void GeneratedChain_RoundTripsLargeContent()
    {
        var options = MessagePackSaveFormat.OptionsFor<GameContent>();
        var content = ContentGenerator.Create(ContentSize.Large);

        var loaded = MessagePackSerializer.Deserialize<GameContent>(MessagePackSerializer.Serialize(content, options), options);

        GraphAssert.Equal(content, loaded);
    }

    [Fact]
    public void EngineSerialization_ReferencesNoDynamicResolverAndNoDefaultOptions()
    {
        using var stream = File.OpenRead(typeof(MessagePackSaveFormat).Assembly.Location);
        using var pe = new PEReader(stream);
        var metadata = pe.GetMetadataReader();

        var typeNames = metadata.TypeReferences.Select(h => metadata.GetString(metadata.GetTypeReference(h).Name)).ToHashSet();
        var memberNames = metadata.MemberReferences.Select(h => metadata.GetString(metadata.GetMemberReference(h).Name)).ToHashSet();

        Assert.Equal([], DynamicResolverNames.Where(typeNames.Contains).ToArray());
        Assert.DoesNotContain("get_Standard", memberNames);
        Assert.DoesNotContain("get_DefaultOptions", memberNames);
        Assert.Contains("BuiltinResolver", typeNames);
    }

    [Fact]
    public void SaveOptions_UseUntrustedDataSecurity()
    {
        Assert.Same(MessagePackSecurity.UntrustedData, MessagePackSaveFormat.OptionsFor<GameContent>().Security);
    }
}
