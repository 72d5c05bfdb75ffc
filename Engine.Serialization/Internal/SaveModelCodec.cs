using System.Buffers;
using System.ComponentModel;
using System.Xml;
using Engine.Serialization.Container;
using Engine.Serialization.Formats;
using Engine.Serialization.Formats.MessagePack;
using Engine.Serialization.Formats.Protobuf;
using Engine.Serialization.Formats.Xml;
using Engine.Serialization.Inspection;
using Engine.Serialization.Models;
using MessagePack;
using ProtoBuf;

namespace Engine.Serialization.Internal;

/// <summary>
/// Everything the save system knows of one <see cref="SaveModelAttribute"/> root, written by Engine.Serialization.Generator
/// into the assembly that declares the model and registered with <see cref="SaveModels"/> when that assembly loads.
/// Games don't implement or call it.
/// </summary>
/// <typeparam name="T">The root type.</typeparam>
[EditorBrowsable(EditorBrowsableState.Never)]
public abstract class SaveModelCodec<T> : RegisteredModel
{
    private MessagePackSaveFormat<T>? _messagePackFormat;
    private XmlSaveFormat<T>? _xmlFormat;
    private ProtobufSaveFormat<T>? _protobufFormat;

    /// <summary>
    /// MessagePack's resolver for every type of the model (the generated formatters, then MessagePack's built-in
    /// ones), for MessagePackSerializer in tools and tests and for custom formatters; saves and loads don't use it.
    /// </summary>
    public abstract IFormatterResolver Resolver { get; }

    /// <summary>Writes the root as a MessagePack map (nil for null), keeping the members a newer save brought.</summary>
    /// <exception cref="MissingValueException">A member the model declares non-nullable holds null.</exception>
    public abstract void Write(ref MessagePackWriter writer, T value);

    /// <summary>Reads the root; null for nil. A nil where the model has none is left null and reported to <see cref="MissingValues"/>.</summary>
    public abstract T? Read(ref MessagePackReader reader);

    /// <summary>Writes the root as the element named after its type, members as child elements named by their keys.</summary>
    /// <exception cref="MissingValueException">A member the model declares non-nullable holds null.</exception>
    /// <exception cref="InvalidTextException">Text XML can't carry.</exception>
    public abstract void WriteXml(XmlWriter writer, T value);

    /// <summary>
    /// Reads the root from the element the reader is at, whatever its name (the container says which model a save holds,
    /// so a root type renamed since keeps loading). A nil where the model has none is reported as by <see cref="Read"/>.
    /// </summary>
    public abstract T? ReadXml(XmlReader reader);

    /// <summary>Writes the root as one protobuf message, leaving out the fields that hold their defaults.</summary>
    public abstract void WriteProtobuf(ref ProtoWriter.State state, T value);

    /// <summary>Reads the root message; an absent field keeps the model's default.</summary>
    public abstract T ReadProtobuf(ref ProtoReader.State state);

    /// <summary>A deep copy sharing nothing mutable with <paramref name="value"/>: the snapshot an async save encodes.</summary>
    public abstract T Copy(T value);

    /// <summary>
    /// Brings <paramref name="snapshot"/>, an earlier <see cref="Copy"/> or refresh of the same game, up to date with
    /// <paramref name="value"/> in place (a new copy when it is null), and reports what changed to <paramref name="changes"/>.
    /// </summary>
    public abstract void Refresh(T value, ref T snapshot, SnapshotChanges changes);

    /// <summary>Writes one root member's value (<paramref name="element"/> -1) or one element of a root list, as <see cref="Write"/> does within the root.</summary>
    public abstract void WriteSection(ref MessagePackWriter writer, T snapshot, int member, int element);

    /// <summary>The root's member keys in written order, which <see cref="SnapshotChanges"/> counts by; empty when the root isn't an object.</summary>
    public abstract IReadOnlyList<string> SectionKeys { get; }

    /// <summary>The path of the first null the model doesn't allow ("Rooms[3].Name"), or null when there is none.</summary>
    public abstract string? FindMissing(T value);

    /// <summary>
    /// The schema version the root's own "SchemaVersion" member holds, or null when it has none. The header's is the one
    /// that counts: a save whose payload disagrees with it is refused, as is a game about to be saved that does.
    /// </summary>
    public abstract long? SchemaVersionOf(T value);

    public sealed override object Load(ReadOnlyMemory<byte> file, LoadOptions options) => SaveReader.Read<T>(file, options)!;

    public sealed override void Save(IBufferWriter<byte> output, object content, SaveMetadata metadata, SaveOptions options) =>
        SaveWriter.Write(output, (T)content, metadata, options);

    public sealed override object Decode(SaveFormat format, ReadOnlyMemory<byte> payload) => SaveFormats.Get(format, this).Read(payload)!;

    public sealed override void Encode(SaveFormat format, IBufferWriter<byte> output, object content) =>
        SaveFormats.Get(format, this).Write(output, (T)content);

    internal ISaveFormat<T> MessagePackFormat => _messagePackFormat ??= new MessagePackSaveFormat<T>(this);

    internal ISaveFormat<T> XmlFormat => _xmlFormat ??= new XmlSaveFormat<T>(this);

    internal ISaveFormat<T> ProtobufFormat => _protobufFormat ??= new ProtobufSaveFormat<T>(this);
}
