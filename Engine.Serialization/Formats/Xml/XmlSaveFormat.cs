using System.Buffers;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.InteropServices;
using System.Text;
using System.Xml;
using System.Xml.Serialization;
using Engine.Core.Model;
using Engine.Serialization.Errors;

namespace Engine.Serialization.Formats.Xml;

/// <summary>
/// GameContent as plain, indented XML through XmlSerializer: readable and diffable, for tools and
/// version control. Reads refuse DTDs and external entities.
/// </summary>
public sealed class XmlSaveFormat : ISaveFormat
{
    private static readonly XmlWriterSettings WriterSettings = new()
    {
        Encoding = new UTF8Encoding(encoderShouldEmitUTF8Identifier: false),
        Indent = true,
    };

    private static readonly XmlReaderSettings ReaderSettings = new()
    {
        DtdProcessing = DtdProcessing.Prohibit,
        XmlResolver = null,
        IgnoreWhitespace = true,
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
        using var stream = new MemoryStream();
        using (var writer = XmlWriter.Create(stream, WriterSettings))
        {
            ReflectionXmlSerializer.Serialize(writer, content);
        }

        output.Write(stream.GetBuffer().AsSpan(0, (int)stream.Length));
    }

    public GameContent Read(ReadOnlyMemory<byte> payload)
    {
        var array = MemoryMarshal.TryGetArray(payload, out var segment) ? segment : new ArraySegment<byte>(payload.ToArray());
        using var stream = new MemoryStream(array.Array!, array.Offset, array.Count, writable: false);
        try
        {
            using var reader = XmlReader.Create(stream, ReaderSettings);
            return ReflectionXmlSerializer.Deserialize(reader)
                ?? throw new SaveCorruptedException("The XML payload holds no game.");
        }
        catch (Exception e) when (e is InvalidOperationException or XmlException)
        {
            throw new SaveCorruptedException($"The XML payload could not be read ({Describe(e)}).", innerException: e);
        }
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
    [UnconditionalSuppressMessage("Trimming", "IL2026", Justification = "Model types are rooted by ILLink.Descriptors.xml.")]
    [UnconditionalSuppressMessage("AOT", "IL3050", Justification = "XmlSerializer falls back to reflection when dynamic code is unavailable.")]
    private static class ReflectionXmlSerializer
    {
        private static readonly XmlSerializer Serializer = new(typeof(GameContent));

        private static readonly XmlSerializerNamespaces NoNamespaces = new([XmlQualifiedName.Empty]);

        public static void Serialize(XmlWriter writer, GameContent content) => Serializer.Serialize(writer, content, NoNamespaces);

        public static GameContent? Deserialize(XmlReader reader) => Serializer.Deserialize(reader) as GameContent;
    }
}
