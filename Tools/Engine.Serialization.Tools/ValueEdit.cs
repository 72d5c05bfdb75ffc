using System.Buffers;
using System.Globalization;
using Engine.Serialization.Models;
using MessagePack;

namespace Engine.Serialization.Tools;

/// <summary>
/// One value of a game in its MessagePack form replaced by one typed on the command line, read as the model's type
/// of the member reads it (<see cref="SavedValues.Encode"/>); without the model, as the kind of value it replaces:
/// text, a whole number, a number (single or double precision, as saved), true or false, or a time.
/// </summary>
internal static class ValueEdit
{
    /// <summary>The game with the value at <paramref name="path"/> replaced, the path as the model names it, and the value before and after, for the report.</summary>
    public static (ReadOnlyMemory<byte> Game, string Path, string Before, string After) Set(ReadOnlyMemory<byte> game, SaveShape? root, MemberPath path, string text)
    {
        var at = path.Locate(game, root);
        var before = game.Slice(at.Start, at.Length);
        byte[] value = at.Shape is null or { Kind: SaveShapeKind.Custom } ? Encode(before, path, text) : SavedValues.Encode(at, text, at.Path);
        return (Replaced(game, at, value), at.Path, SavedValues.Short(before, at.Shape), SavedValues.Short(value, at.Shape));
    }

    /// <summary>The game with the union at <paramref name="path"/> made the case named <paramref name="caseName"/> (<see cref="SavedValues.ChangeCase"/>).</summary>
    public static (ReadOnlyMemory<byte> Game, string Path, string Before, string After) SetCase(ReadOnlyMemory<byte> game, SaveShape root, MemberPath path, string caseName)
    {
        var at = path.Locate(game, root);
        var before = game.Slice(at.Start, at.Length);
        byte[] value = SavedValues.ChangeCase(before, at, caseName, at.Path);
        return (Replaced(game, at, value), at.Path, SavedValues.Short(before, at.Shape), SavedValues.Short(value, at.Shape));
    }

    private static byte[] Replaced(ReadOnlyMemory<byte> game, MemberPath.Located at, byte[] value)
    {
        byte[] edited = new byte[game.Length - at.Length + value.Length];
        game.Span[..at.Start].CopyTo(edited);
        value.CopyTo(edited.AsSpan(at.Start));
        game.Span[(at.Start + at.Length)..].CopyTo(edited.AsSpan(at.Start + value.Length));
        return edited;
    }

    private static byte[] Encode(ReadOnlyMemory<byte> before, MemberPath path, string text)
    {
        var reader = new MessagePackReader(before);
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new MessagePackWriter(buffer);
        var type = reader.NextMessagePackType;
        switch (type)
        {
            case MessagePackType.String:
                writer.Write(text);
                break;
            case MessagePackType.Boolean:
                writer.Write(bool.TryParse(text, out bool flag) ? flag : throw NotA(path, text, "true or false"));
                break;
            case MessagePackType.Integer when long.TryParse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out long integer):
                writer.Write(integer);
                break;
            case MessagePackType.Integer:
                writer.Write(ulong.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out ulong large) ? large : throw NotA(path, text, "a whole number"));
                break;
            case MessagePackType.Float when reader.NextCode == MessagePackCode.Float32:
                writer.Write(float.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out float single) ? single : throw NotA(path, text, "a number"));
                break;
            case MessagePackType.Float:
                writer.Write(double.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out double number) ? number : throw NotA(path, text, "a number"));
                break;
            case MessagePackType.Extension when reader.CreatePeekReader().ReadExtensionFormatHeader().TypeCode == ReservedMessagePackExtensionTypeCode.DateTime:
                writer.Write(DateTime.TryParse(text, CultureInfo.InvariantCulture, DateTimeStyles.AssumeUniversal | DateTimeStyles.AdjustToUniversal, out var time)
                    ? time
                    : throw NotA(path, text, "a time (2026-11-23T14:17:00Z)"));
                break;
            case MessagePackType.Nil:
                WriteAsTyped(ref writer, text);
                break;
            default:
                throw new ToolException($"'{path.Text}' is {MemberPath.Describe(type)}; --set changes one value: text, a number, true or false, or a time.");
        }

        writer.Flush();
        return buffer.WrittenSpan.ToArray();
    }

    /// <summary>A value where null was: its kind can only come from how it is written.</summary>
    private static void WriteAsTyped(ref MessagePackWriter writer, string text)
    {
        if (text == "null")
        {
            writer.WriteNil();
        }
        else if (bool.TryParse(text, out bool flag))
        {
            writer.Write(flag);
        }
        else if (long.TryParse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out long integer))
        {
            writer.Write(integer);
        }
        else if (double.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out double number))
        {
            writer.Write(number);
        }
        else
        {
            writer.Write(text);
        }
    }

    private static ToolException NotA(MemberPath path, string text, string kind) =>
        new($"'{path.Text}' holds {kind}, and '{text}' is not one.");
}
