using System.Buffers;
using System.ComponentModel;
using System.Xml;
using Engine.Serialization.Container;
using Engine.Serialization.Formats;
using Engine.Serialization.Formats.MessagePack;
using Engine.Serialization.Formats.Protobuf;
using Engine.Serialization.Formats.Xml;
using Engine.Serialization.Inspection;
using Engine.Serialization.Migrations;
using Engine.Serialization.Models;
using MessagePack;
using ProtoBuf;

namespace Engine.Serialization.Internal;

/// <summary>
/// A registered save model whatever its root type, for tools that meet saves of any model and find its codec by the id
/// a save records (<see cref="SaveModels.Find"/>). Only <see cref="SaveModelCodec{T}"/> derives from it, so every
/// operation here runs the model's generated code for its own type: nothing is found by reflection.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public abstract class SaveModelCodec
{
    private protected SaveModelCodec()
    {
    }

    /// <summary>The stable name saves record for the model (<see cref="SaveModelAttribute.Id"/>).</summary>
    public abstract string ModelId { get; }

    /// <summary>The schema version this build writes (<see cref="SaveModelAttribute.SchemaVersion"/>).</summary>
    public abstract int SchemaVersion { get; }

    /// <summary>The steps that bring older saves of the model up to <see cref="SchemaVersion"/>.</summary>
    public abstract SchemaMigrations Migrations { get; }

    /// <summary>The model's schemas for other tools (.proto, XSD) and its member tables, generated from its declaration.</summary>
    public abstract SaveModelSchemas Schemas { get; }

    /// <summary>Every type the model reaches, as its saves hold it: how tools name, read and edit a saved game's values.</summary>
    public abstract SaveModelShape Shape { get; }

    /// <summary>
    /// The .proto of an earlier schema of the model, kept beside its .proto as <c>{ModelId}.schema-{N}.proto</c>: the
    /// record of that schema's field numbers, which brings its protobuf saves up to date. Null when the build keeps none.
    /// </summary>
    public abstract string? ProtoRecord(int schemaVersion);

    /// <summary>
    /// Whether some member of the model reads a key it was saved under before (<see cref="FormerlySavedAsAttribute"/>):
    /// then a save's keys may not be the model's, and only the model knows which member each one is.
    /// </summary>
    public abstract bool ReadsFormerKeys { get; }

    /// <summary>Loads a whole save file as <see cref="SaveSerializer.Load{T}(ReadOnlyMemory{byte}, LoadOptions?)"/> does.</summary>
    internal abstract object Load(ReadOnlyMemory<byte> file, LoadOptions options);

    /// <summary>Writes a whole save file of <paramref name="content"/>, a root <see cref="Load"/> or <see cref="Decode"/> gave.</summary>
    internal abstract void Save(IBufferWriter<byte> output, object content, SaveMetadata metadata, SaveOptions options);

    /// <summary>Decodes a bare payload of <paramref name="format"/>, refusing what the format refuses in a load (a null the model does not allow).</summary>
    internal abstract object Decode(SaveFormat format, ReadOnlyMemory<byte> payload);

    /// <summary>Encodes a root as a bare payload of <paramref name="format"/>.</summary>
    internal abstract void Encode(SaveFormat format, IBufferWriter<byte> output, object content);
}

/// <summary>
/// Everything the save system knows of one <see cref="SaveModelAttribute"/> root, written by Engine.Serialization.Generator
/// into the assembly that declares the model and registered with <see cref="SaveModels"/> when that assembly loads.
/// Games don't implement or call it.
/// </summary>
/// <typeparam name="T">The root type.</typeparam>
[EditorBrowsable(EditorBrowsableState.Never)]
public abstract class SaveModelCodec<T> : SaveModelCodec
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

    internal sealed override object Load(ReadOnlyMemory<byte> file, LoadOptions options) => SaveReader.Read<T>(file, options)!;

    internal sealed override void Save(IBufferWriter<byte> output, object content, SaveMetadata metadata, SaveOptions options) =>
        SaveWriter.Write(output, (T)content, metadata, options);

    internal sealed override object Decode(SaveFormat format, ReadOnlyMemory<byte> payload) => SaveFormats.Get(format, this).Read(payload)!;

    internal sealed override void Encode(SaveFormat format, IBufferWriter<byte> output, object content) =>
        SaveFormats.Get(format, this).Write(output, (T)content);

    internal ISaveFormat<T> MessagePackFormat => _messagePackFormat ??= new MessagePackSaveFormat<T>(this);

    internal ISaveFormat<T> XmlFormat => _xmlFormat ??= new XmlSaveFormat<T>(this);

    internal ISaveFormat<T> ProtobufFormat => _protobufFormat ??= new ProtobufSaveFormat<T>(this);
}
