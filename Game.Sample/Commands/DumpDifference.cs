using System.Text;

namespace Game.Sample.Commands;

/// <summary>
/// Where two self-test dumps first differ, with the text around it. Shared by the sample's ContentDump and
/// the RPG's PartyDump (tests/RpgGame links this file): both compare System.Text.Json dumps byte for byte.
/// </summary>
internal static class DumpDifference
{
    /// <summary>Null when the dumps are equal.</summary>
    public static string? Of(ReadOnlySpan<byte> expected, ReadOnlySpan<byte> actual)
    {
        int at = expected.CommonPrefixLength(actual);
        if (at == expected.Length && at == actual.Length)
        {
            return null;
        }

        int from = Math.Max(0, at - 60);
        return $"the dumps differ at byte {at:N0}: expected …{Around(expected, from, at)}…, got …{Around(actual, from, at)}…";
    }

    private static string Around(ReadOnlySpan<byte> dump, int from, int at) => Encoding.UTF8.GetString(dump[from..Math.Min(dump.Length, at + 40)]);
}
