using System.Text.Json;
using System.Text.Json.Serialization;
using Engine.Core.Model;

namespace Game.Sample.Commands;

/// <summary>
/// The oracle a load is held to: the whole game as JSON, written by System.Text.Json's source generator, which shares
/// nothing with the save codecs, so a member a codec drops or garbles shows as a difference (re-encoding both sides
/// with the save's own writer would drop it from both). Test infrastructure, not a save format: the self-test compares
/// dumps, and the JIT tests compare the native program's dumps with their own.
/// </summary>
internal static class ContentDump
{
    public static byte[] Of(GameContent content) => JsonSerializer.SerializeToUtf8Bytes(content, ContentDumpContext.Default.GameContent);

    /// <summary>Where two dumps first differ, with the text around it; null when they are equal.</summary>
    public static string? Difference(ReadOnlySpan<byte> expected, ReadOnlySpan<byte> actual) => DumpDifference.Of(expected, actual);
}

/// <summary>Public fields too (the math structs are fields); NaN and the infinities by name, since a game may hold them.</summary>
[JsonSourceGenerationOptions(IncludeFields = true, NumberHandling = JsonNumberHandling.AllowNamedFloatingPointLiterals)]
[JsonSerializable(typeof(GameContent))]
internal sealed partial class ContentDumpContext : JsonSerializerContext;
