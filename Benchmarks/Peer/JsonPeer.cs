using System.Buffers;
using System.Text.Json;
using System.Text.Json.Serialization;
using Engine.Core.Model;

namespace Benchmarks.Peer;

/// <summary>
/// System.Text.Json's source-generated metadata for <see cref="GameContent"/>: no reflection, so it
/// runs under NativeAOT. The engine's math types (Vector2, Color, Rectangle) are structs of public
/// fields, which System.Text.Json skips unless told to include fields.
/// </summary>
[JsonSourceGenerationOptions(IncludeFields = true)]
[JsonSerializable(typeof(GameContent))]
internal sealed partial class GameContentJsonContext : JsonSerializerContext;

/// <summary>System.Text.Json, source-generated, on the engine's model as it is. Benchmarks only.</summary>
internal static class JsonPeer
{
    public static void Write(Utf8JsonWriter output, GameContent content) => JsonSerializer.Serialize(output, content, GameContentJsonContext.Default.GameContent);

    public static byte[] Write(GameContent content) => JsonSerializer.SerializeToUtf8Bytes(content, GameContentJsonContext.Default.GameContent);

    public static GameContent Read(ReadOnlySpan<byte> payload) =>
        JsonSerializer.Deserialize(payload, GameContentJsonContext.Default.GameContent) ?? throw new InvalidDataException("System.Text.Json read a null GameContent.");

    /// <summary>A writer over a reused buffer, for the warm benchmarks.</summary>
    public static Utf8JsonWriter Writer(IBufferWriter<byte> output) => new(output, new JsonWriterOptions { SkipValidation = true });
}
