using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;
using Game.Sample.Commands;
using RpgGame.Lore;
using RpgGame.Model;

namespace RpgGame;

/// <summary>
/// The oracle a load is held to: the whole party as JSON, written by System.Text.Json's source generator, which shares
/// nothing with the save codecs, so a member a codec drops or garbles shows as a difference. Test infrastructure, not a
/// save format: the self-test compares dumps, and the JIT tests compare the native program's dumps with their own.
/// </summary>
public static class PartyDump
{
    public static byte[] Of(PartyState party) => JsonSerializer.SerializeToUtf8Bytes(party, PartyDumpContext.Default.PartyState);

    /// <summary>Where two dumps first differ, with the text around it; null when they are equal.</summary>
    public static string? Difference(ReadOnlySpan<byte> expected, ReadOnlySpan<byte> actual) => DumpDifference.Of(expected, actual);

    /// <summary>The monster codex, by the same oracle (its enums as numbers: the dump holds values, not the save's names).</summary>
    public static byte[] Of(Codex codex) => JsonSerializer.SerializeToUtf8Bytes(codex, PartyDumpContext.Default.Codex);
}

/// <summary>
/// What System.Text.Json does not write as the save keeps it, written by the converters below: fields (ItemStack's,
/// tuples', the System.Numerics structs'), NaN and the infinities, union members by their own type, grids with their
/// lengths, and times as the instant a save keeps.
/// </summary>
[JsonSourceGenerationOptions(
    IncludeFields = true,
    NumberHandling = JsonNumberHandling.AllowNamedFloatingPointLiterals,
    Converters =
    [
        typeof(UnionCaseConverter<Item>),
        typeof(UnionCaseConverter<IStatusEffect>),
        typeof(GridConverter<byte[,], byte>),
        typeof(GridConverter<float[,], float>),
        typeof(GridConverter<int[,,], int>),
        typeof(InstantConverter),
    ])]
[JsonSerializable(typeof(PartyState))]
[JsonSerializable(typeof(Codex))]
[JsonSerializable(typeof(Weapon))]
[JsonSerializable(typeof(Armor))]
[JsonSerializable(typeof(Potion))]
[JsonSerializable(typeof(Poisoned))]
[JsonSerializable(typeof(Hasted))]
[JsonSerializable(typeof(byte))]
[JsonSerializable(typeof(float))]
[JsonSerializable(typeof(int))]
internal sealed partial class PartyDumpContext : JsonSerializerContext;

/// <summary>
/// A union member as <c>{"Weapon": {...}}</c>, by its own type's members (the declared type has few or none). A type the
/// context lists no metadata for fails the dump rather than being written short.
/// </summary>
internal sealed class UnionCaseConverter<TUnion> : JsonConverter<TUnion>
    where TUnion : class
{
    public override TUnion Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) => throw new NotSupportedException("A dump is only written.");

    public override void Write(Utf8JsonWriter writer, TUnion value, JsonSerializerOptions options)
    {
        var info = options.GetTypeInfo(value.GetType());
        writer.WriteStartObject();
        writer.WritePropertyName(info.Type.Name);
        JsonSerializer.Serialize(writer, value, info);
        writer.WriteEndObject();
    }
}

/// <summary>A multi-dimensional array as its lengths and its cells in row-major order.</summary>
internal sealed class GridConverter<TGrid, TCell> : JsonConverter<TGrid>
    where TGrid : class
{
    public override TGrid Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) => throw new NotSupportedException("A dump is only written.");

    public override void Write(Utf8JsonWriter writer, TGrid value, JsonSerializerOptions options)
    {
        var grid = (Array)(object)value;
        var cell = (JsonTypeInfo<TCell>)options.GetTypeInfo(typeof(TCell));
        writer.WriteStartObject();
        writer.WriteStartArray("Lengths");
        for (int dimension = 0; dimension < grid.Rank; dimension++)
        {
            writer.WriteNumberValue(grid.GetLength(dimension));
        }

        writer.WriteEndArray();
        writer.WriteStartArray("Cells");
        foreach (TCell item in grid)
        {
            JsonSerializer.Serialize(writer, item, cell);
        }

        writer.WriteEndArray();
        writer.WriteEndObject();
    }
}

/// <summary>A DateTime as the instant a save keeps (a MessagePack timestamp): local times in UTC, the kind left out.</summary>
internal sealed class InstantConverter : JsonConverter<DateTime>
{
    public override DateTime Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) => throw new NotSupportedException("A dump is only written.");

    public override void Write(Utf8JsonWriter writer, DateTime value, JsonSerializerOptions options) =>
        writer.WriteStringValue(DateTime.SpecifyKind(value.Kind == DateTimeKind.Local ? value.ToUniversalTime() : value, DateTimeKind.Unspecified));
}
