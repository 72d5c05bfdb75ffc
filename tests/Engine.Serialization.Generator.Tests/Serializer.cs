using System.Buffers;
using MessagePack;
using MessagePack.Resolvers;

namespace Engine.Serialization.Generator.Tests;

/// <summary>A root type's generated Write, as a delegate.</summary>
internal delegate void DirectWrite<in T>(ref MessagePackWriter writer, T value);

/// <summary>MessagePack written by hand, for inputs the generated code itself would never write.</summary>
internal delegate void HandWrite(ref MessagePackWriter writer);

/// <summary>A root type's generated Read, as a delegate.</summary>
internal delegate void DirectRead<T>(ref MessagePackReader reader, out T value);

/// <summary>
/// The two ways the generated code is run: directly (the resolver's static Write and Read, as the game
/// saves and loads), and through MessagePackSerializer with the generated resolver first, then BuiltinResolver.
/// </summary>
internal static class Serializer
{
    public static readonly MessagePackSerializerOptions Options = MessagePackSerializerOptions.Standard
        .WithResolver(CompositeResolver.Create(SampleResolver.Instance, BuiltinResolver.Instance));

    public static byte[] Serialize<T>(T value) => MessagePackSerializer.Serialize(value, Options);

    public static T Deserialize<T>(byte[] bytes) => MessagePackSerializer.Deserialize<T>(bytes, Options);

    public static byte[] WriteDirect<T>(T value, DirectWrite<T> write) =>
        Handwritten((ref MessagePackWriter writer) => write(ref writer, value));

    public static byte[] Handwritten(HandWrite write)
    {
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new MessagePackWriter(buffer);
        write(ref writer);
        writer.Flush();
        return buffer.WrittenSpan.ToArray();
    }

    /// <summary>Reads one value with the generated code and checks it read every byte.</summary>
    public static T ReadDirect<T>(ReadOnlySequence<byte> bytes, DirectRead<T> read)
    {
        var reader = new MessagePackReader(bytes);
        read(ref reader, out var value);
        Assert.True(reader.End, $"{bytes.Length - reader.Consumed} bytes left unread");
        return value;
    }

    public static T ReadDirect<T>(byte[] bytes, DirectRead<T> read) => ReadDirect(new ReadOnlySequence<byte>(bytes), read);

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
