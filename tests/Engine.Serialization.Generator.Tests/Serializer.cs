using MessagePack;
using MessagePack.Resolvers;

namespace Engine.Serialization.Generator.Tests;

/// <summary>The exact options chain the game uses: generated resolver first, then BuiltinResolver, nothing else.</summary>
internal static class Serializer
{
    public static readonly MessagePackSerializerOptions Options = MessagePackSerializerOptions.Standard
        .WithResolver(CompositeResolver.Create(SampleResolver.Instance, BuiltinResolver.Instance));

    public static byte[] Serialize<T>(T value) => MessagePackSerializer.Serialize(value, Options);

    public static T Deserialize<T>(byte[] bytes) => MessagePackSerializer.Deserialize<T>(bytes, Options);

    /// <summary>The keys of the map at the start of <paramref name="bytes"/>, in wire order.</summary>
    public static List<string> TopLevelKeys(byte[] bytes)
    {
        var reader = new MessagePackReader(bytes);
        var keys = new List<string>();
        var count = reader.ReadMapHeader();
        for (var i = 0; i < count; i++)
        {
            keys.Add(reader.ReadString()!);
            reader.Skip();
        }

        return keys;
    }
}
