using System.Buffers;
using System.Globalization;
using Engine.Serialization.Inspection;
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
    public static (ReadOnlyMemory<byte> Game, string Path, string Before, string After) Set(ReadOnlyMemory<byte> game, SaveShape? root, MemberPath path, string text) =>
        Replace(game, root, path, (at, before) =>
            at.Shape is null or { Kind: SaveShapeKind.Custom } ? EncodeAsSaved(before, at, text) : SavedValues.Encode(at, text, at.Path));

    /// <summary>The game with the union at <paramref name="path"/> made the case named <paramref name="caseName"/> (<see cref="SavedValues.ChangeCase"/>), reported as <see cref="Set"/> reports.</summary>
    public static (ReadOnlyMemory<byte> Game, string Path, string Before, string After) SetCase(ReadOnlyMemory<byte> game, SaveShape root, MemberPath path, string caseName) =>
        Replace(game, root, path, (at, before) => SavedValues.ChangeCase(before, at, caseName, at.Path));

    /// <summary>The game with the value at <paramref name="path"/> replaced by what <paramref name="encode"/> makes of it.</summary>
    private static (ReadOnlyMemory<byte> Game, string Path, string Before, string After) Replace(
        ReadOnlyMemory<byte> game, SaveShape? root, MemberPath path, Func<MemberPath.Located, ReadOnlyMemory<byte>, byte[]> encode)
    {
        var at = path.Locate(game, root);
        var before = game.Slice(at.Start, at.Length);
        byte[] value = encode(at, before);
        byte[] edited = new byte[game.Length - at.Length + value.Length];
        game.Span[..at.Start].CopyTo(edited);
        value.CopyTo(edited.AsSpan(at.Start));
        game.Span[(at.Start + at.Length)..].CopyTo(edited.AsSpan(at.Start + value.Length));
        return (edited, at.Path, SavedValues.Short(before, at.Shape), SavedValues.Short(value, at.Shape));
    }

    /// <summary>Without the model: <paramref name="text"/> read as the kind of value saved at <paramref name="at"/>.</summary>
    private static byte[] EncodeAsSaved(ReadOnlyMemory<byte> before, MemberPath.Located at, string text)
    {
        var reader = new MessagePackReader(before);
        var type = reader.NextMessagePackType;
        if (type == MessagePackType.Nil)
        {
            var buffer = new ArrayBufferWriter<byte>();
            var writer = new MessagePackWriter(buffer);
            WriteAsTyped(ref writer, text);
            writer.Flush();
            return buffer.WrittenSpan.ToArray();
        }

        var saved = type switch
        {
            MessagePackType.String => SaveShape.Value(SaveShapeKind.Text, "string"),
            MessagePackType.Boolean => SaveShape.Value(SaveShapeKind.Boolean, "bool"),
            MessagePackType.Integer => SaveShape.Value(SaveShapeKind.Integer, "long"),
            MessagePackType.Float when reader.NextCode == MessagePackCode.Float32 => SaveShape.Value(SaveShapeKind.Float, "float"),
            MessagePackType.Float => SaveShape.Value(SaveShapeKind.Float, "double"),
            MessagePackType.Extension when reader.CreatePeekReader().ReadExtensionFormatHeader().TypeCode == ReservedMessagePackExtensionTypeCode.DateTime
                => SaveShape.Value(SaveShapeKind.DateTime, "DateTime"),
            _ => throw new ToolException($"'{at.Path}' is {MemberPath.Describe(type)}; --set changes one value: text, a number, true or false, or a time."),
        };
        return SavedValues.Encode(at with { Shape = saved, AllowsNull = false }, text, at.Path);
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
}
