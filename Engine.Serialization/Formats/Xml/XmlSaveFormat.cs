using System.Buffers;
using System.Diagnostics.CodeAnalysis;
using System.Text;
using System.Xml;
using System.Xml.Serialization;
using Engine.Core.Math;
using Engine.Core.Model;
using Engine.Serialization.Errors;
using Engine.Serialization.Migrations;

namespace Engine.Serialization.Formats.Xml;

/// <summary>
/// GameContent as plain, indented XML through XmlSerializer: readable and diffable, for tools and
/// version control. Reads refuse DTDs and external entities.
/// </summary>
public sealed class XmlSaveFormat : ISaveFormat<GameContent>
{
    internal static readonly XmlWriterSettings WriterSettings = new()
    {
        Encoding = new UTF8Encoding(encoderShouldEmitUTF8Identifier: false),
        Indent = true,

        // A parser turns a raw CR (or CR LF) in text into LF; as &#xD; it comes back as written.
        NewLineHandling = NewLineHandling.Entitize,
    };

    /// <summary>
    /// No DTD, so no entity can be declared (a "billion laughs" or an external entity is refused at
    /// its DOCTYPE), no resolver to fetch anything, and a small cap on entity expansion behind that.
    /// </summary>
    private static readonly XmlReaderSettings ReaderSettings = new()
    {
        DtdProcessing = DtdProcessing.Prohibit,
        XmlResolver = null,
        MaxCharactersFromEntities = 1024,

        // Not IgnoreWhitespace: it would turn a string of spaces or tabs into an empty one.
        IgnoreComments = true,
        IgnoreProcessingInstructions = true,
    };

    private XmlSaveFormat()
    {
    }

    public static XmlSaveFormat Instance { get; } = new();

    public SaveFormat Id => SaveFormat.Xml;

    public void Write(IBufferWriter<byte> output, GameContent content)
    {
        ArgumentNullException.ThrowIfNull(output);
        GameContentChecks.BeforeSave(content);
        using var stream = new MemoryStream();
        try
        {
            using var writer = XmlWriter.Create(stream, WriterSettings);
            ReflectionXmlSerializer.Serialize(writer, content);
        }
        catch (Exception e) when (e is InvalidOperationException or ArgumentException)
        {
            throw new SaveEncodingException(
                $"The game could not be written as XML ({Describe(e)}). Save in MessagePack, which carries any text, or change the text.", innerException: e);
        }

        output.Write(stream.GetBuffer().AsSpan(0, (int)stream.Length));
    }

    public SaveDocument OpenDocument(ReadOnlyMemory<byte> payload) => new XmlSaveDocument(payload);

    public GameContent Read(ReadOnlyMemory<byte> payload)
    {
        using var stream = PayloadStream.Over(payload);
        try
        {
            using var reader = XmlReader.Create(stream, ReaderSettingsFor(payload.Length));
            var content = ReflectionXmlSerializer.Deserialize(reader)
                ?? throw new SaveCorruptedException("The XML payload holds no game.");
            GameContentChecks.AfterLoad(content);
            return content;
        }
        catch (Exception e) when (e is InvalidOperationException or XmlException)
        {
            throw new SaveCorruptedException($"The XML payload could not be read ({Describe(e)}).", innerException: e);
        }
    }

    /// <summary>A document holds no more characters than its payload has bytes, whatever its encoding.</summary>
    internal static XmlReaderSettings ReaderSettingsFor(int payloadLength)
    {
        var settings = ReaderSettings.Clone();
        settings.MaxCharactersInDocument = Math.Max(payloadLength, 1);
        return settings;
    }

    /// <summary>XmlSerializer puts the useful part (line, position, cause) in the inner exception.</summary>
    private static string Describe(Exception e) => e.InnerException is null ? e.Message : $"{e.Message} {e.InnerException.Message}";

    /// <summary>
    /// The one place XmlSerializer is called, and so the one place its trim/AOT warnings are
    /// suppressed. Under NativeAOT it can't generate code and runs in its reflection-only mode;
    /// that works because ILLink.Descriptors.xml (embedded in this assembly) roots the model's
    /// types, and the native selftest round-trips every model member through XML to prove it.
    /// Being a nested class, the serializer is built on first use: games that never touch XML never pay for it.
    /// </summary>
    /// The descriptor can't root generic instantiations, so the lists XmlSerializer fills by
    /// reflection are kept by the DynamicDependency attributes below (a test keeps them complete).
    [UnconditionalSuppressMessage("Trimming", "IL2026", Justification = "Model types are rooted by ILLink.Descriptors.xml.")]
    [UnconditionalSuppressMessage("AOT", "IL3050", Justification = "XmlSerializer falls back to reflection when dynamic code is unavailable.")]
    private static class ReflectionXmlSerializer
    {
        private const DynamicallyAccessedMemberTypes ListMembers =
            DynamicallyAccessedMemberTypes.PublicConstructors | DynamicallyAccessedMemberTypes.PublicMethods | DynamicallyAccessedMemberTypes.PublicProperties;

        private static readonly XmlSerializer Serializer = Create();

        private static readonly XmlSerializerNamespaces NoNamespaces = new([XmlQualifiedName.Empty]);

        [DynamicDependency(ListMembers, typeof(List<string>))]
        [DynamicDependency(ListMembers, typeof(List<Vector2>))]
        [DynamicDependency(ListMembers, typeof(List<Room>))]
        [DynamicDependency(ListMembers, typeof(List<Hotspot>))]
        [DynamicDependency(ListMembers, typeof(List<RoomObject>))]
        [DynamicDependency(ListMembers, typeof(List<Exit>))]
        [DynamicDependency(ListMembers, typeof(List<ItemDefinition>))]
        [DynamicDependency(ListMembers, typeof(List<Character>))]
        [DynamicDependency(ListMembers, typeof(List<InventoryEntry>))]
        [DynamicDependency(ListMembers, typeof(List<DialogProgress>))]
        [DynamicDependency(ListMembers, typeof(List<IntVariable>))]
        [DynamicDependency(ListMembers, typeof(List<StringVariable>))]
        [DynamicDependency(ListMembers, typeof(List<BoolVariable>))]
        [DynamicDependency(ListMembers, typeof(List<Quest>))]
        [DynamicDependency(ListMembers, typeof(List<GameTimer>))]
        [DynamicDependency(ListMembers, typeof(List<LogMessage>))]
        private static XmlSerializer Create() => new(typeof(GameContent));

        public static void Serialize(XmlWriter writer, GameContent content) => Serializer.Serialize(writer, content, NoNamespaces);

        public static GameContent? Deserialize(XmlReader reader) => Serializer.Deserialize(reader) as GameContent;
    }
}
