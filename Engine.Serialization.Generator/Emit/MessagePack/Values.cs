using System.Collections.Generic;
using System.Linq;
using Engine.Serialization.Generator.Analysis;

namespace Engine.Serialization.Generator.Emit.MessagePack;

/// <summary>
/// The MessagePack code for one value of a shape, wherever it appears (a member, an element, a part): write it, read it.
/// Shapes with a helper class delegate to it; the rest are handled inline. Also what every format's code shares: the
/// runtime's support class, literals, the nested class a shape's code lives in.
/// </summary>
internal static class Values
{
    public const string TrackedList = "global::Engine.Serialization.TrackedList";

    /// <summary>The items of a list <paramref name="list"/> as a span, for the bulk paths.</summary>
    public static string ListSpan(ValueShape shape, string list) => string.Format(shape.Sequence!.Span!, list);

    /// <summary>Whether a value of the shape may be nil: a reference type, or a value type whose default is written as nil.</summary>
    public static bool CanBeNil(ValueShape shape) => shape.IsReferenceType || shape.NilWhen is not null;

    /// <summary>The test that <paramref name="value"/> is nil: null, or the default a value type writes as nil.</summary>
    public static string IsNil(ValueShape shape, string value) => shape.NilWhen is { } test ? string.Format(test, value) : $"{value} is null";

    /// <summary>The value read for nil.</summary>
    public static string NilValue(ValueShape shape) => shape.NilWhen is null ? "null" : "default";

    public const string Support = "global::Engine.Serialization.Internal.CodecSupport";
    public const string Writer = "ref global::MessagePack.MessagePackWriter writer";
    public const string Reader = "ref global::MessagePack.MessagePackReader reader";
    public const string Failure = "global::MessagePack.MessagePackSerializationException";

    public static string Write(ValueShape shape, string value) => shape.Kind switch
    {
        ShapeKind.Primitive when shape.TypeName == "string" => $"{Support}.WriteString(ref writer, {value});",
        ShapeKind.Primitive or ShapeKind.DateTime => $"writer.Write({value});",
        ShapeKind.Enum => $"writer.Write(({shape.EnumUnderlyingType}){Saved(shape, value)});",
        ShapeKind.Scalar => $"{shape.Formatter}.Serialize(ref writer, {value}, null);",
        ShapeKind.EnumByName or ShapeKind.Object or ShapeKind.Union or ShapeKind.Nullable or ShapeKind.Sequence or ShapeKind.Dictionary or ShapeKind.MultiArray
            or ShapeKind.Components or ShapeKind.Bytes or ShapeKind.Custom => $"{shape.HelperName}.Write(ref writer, {value});",
    };

    public static string Read(ValueShape shape) => shape.Kind switch
    {
        ShapeKind.Primitive when shape.TypeName == "string" => $"{Support}.ReadString(ref reader)",

        // MessagePackReader.ReadSingle and HalfFormatter would make a finite number beyond the type's range infinity.
        ShapeKind.Primitive when shape.TypeName == "float" => $"{Support}.ReadSingle(ref reader)",
        ShapeKind.Scalar when shape.TypeName == "global::System.Half" => $"{Support}.ReadHalf(ref reader)",
        ShapeKind.Primitive => $"reader.{shape.ReadMethod}()",
        ShapeKind.Enum => Loaded(shape, $"({shape.TypeName})reader.{shape.ReadMethod}()"),
        ShapeKind.DateTime => "reader.ReadDateTime()",
        ShapeKind.Scalar => $"{shape.Formatter}.Deserialize(ref reader, null)",
        ShapeKind.EnumByName or ShapeKind.Object or ShapeKind.Union or ShapeKind.Nullable or ShapeKind.Sequence or ShapeKind.Dictionary or ShapeKind.MultiArray
            or ShapeKind.Components or ShapeKind.Bytes or ShapeKind.Custom => $"{shape.HelperName}.Read(ref reader)",
    };

    /// <summary>An enum value about to be written, refused there unless its enum declares it or keeps undefined values.</summary>
    public static string Saved(ValueShape shape, string value) => IsChecked(shape) ? $"EnumValues.Saved({value})" : value;

    /// <summary>An enum value just read, refused there unless its enum declares it or keeps undefined values.</summary>
    public static string Loaded(ValueShape shape, string value) => IsChecked(shape) ? $"EnumValues.Loaded({value})" : value;

    private static bool IsChecked(ValueShape shape) => shape.Kind is ShapeKind.Enum or ShapeKind.EnumByName && !shape.Names!.KeepsUndefined;

    /// <summary>
    /// Writes <paramref name="value"/>, refusing null where the model does not allow it (<paramref name="type"/> and
    /// <paramref name="member"/> name the place for the message). <paramref name="local"/> holds the value meanwhile.
    /// </summary>
    public static void WriteChecked(CodeWriter code, ValueShape shape, bool allowsNull, string value, string local, string type, string member)
    {
        if (ShapeFacts.RefusesNull(shape, allowsNull))
        {
            code.Line($"var {local} = {value};");
            code.Line($"if ({local} is null) {Support}.ThrowMissing({Literal(type)}, {Literal(member)});");
            code.Line(Write(shape, local));
        }
        else
        {
            code.Line(Write(shape, value));
        }
    }

    /// <summary>After a value was read into <paramref name="local"/>: reports a nil where the model has none.</summary>
    public static void CheckRead(CodeWriter code, ValueShape shape, bool allowsNull, string local)
    {
        if (ShapeFacts.RefusesNull(shape, allowsNull))
        {
            code.Line($"if ({local} is null) {Support}.MissingRead();");
        }
    }

    /// <summary>Opens a shape's nested class, MessagePack's formatter over its static Write and Read.</summary>
    public static void OpenClass(CodeWriter code, ValueShape shape) =>
        code.Open($"private sealed partial class {shape.HelperName} : global::MessagePack.Formatters.IMessagePackFormatter<{shape.TypeName}>");

    /// <summary>The formatter's two methods, delegating to the static Write and Read.</summary>
    public static void FormatterMethods(CodeWriter code, ValueShape shape)
    {
        code.Line($"public void Serialize({Writer}, {shape.TypeName} value, global::MessagePack.MessagePackSerializerOptions options) => Write(ref writer, value);");
        code.Line();
        code.Line($"public {shape.TypeName} Deserialize({Reader}, global::MessagePack.MessagePackSerializerOptions options) => Read(ref reader);");
        code.Line();
    }

    /// <summary>A Write's start for a value that may be nil: written as nil.</summary>
    public static void WriteNilForNull(CodeWriter code, ValueShape shape)
    {
        code.Open($"if ({IsNil(shape, "value")})");
        code.Line("writer.WriteNil();");
        code.Line("return;");
        code.Close();
        code.Line();
    }

    /// <summary>A Read's start for a value that may be nil: read as null (or the value type's default).</summary>
    public static void ReadNullForNil(CodeWriter code, ValueShape shape)
    {
        code.Open("if (reader.TryReadNil())");
        code.Line($"return {NilValue(shape)};");
        code.Close();
        code.Line();
    }

    /// <summary>A Copy's start for a value that may be nil: copied as itself.</summary>
    public static void ReturnNullForNull(CodeWriter code, ValueShape shape)
    {
        code.Open($"if ({IsNil(shape, "value")})");
        code.Line(shape.NilWhen is null ? "return null;" : "return value;");
        code.Close();
        code.Line();
    }

    public static string Literal(string text) => Microsoft.CodeAnalysis.CSharp.SymbolDisplay.FormatLiteral(text, quote: true);

    public static string Nullable(ValueShape shape) => shape.TypeName;

    /// <summary><c>new T[count]</c>, with the count in the right place when T is itself an array (<c>new T[count][]</c>).</summary>
    public static string NewArray(string elementType, string count)
    {
        var rank = elementType.IndexOf('[');
        return rank < 0 ? $"new {elementType}[{count}]" : $"new {elementType.Substring(0, rank)}[{count}]{elementType.Substring(rank)}";
    }

    public static string Escape(string typeName) => typeName.Replace("<", "&lt;").Replace(">", "&gt;");

    public static string Bytes(IEnumerable<byte> bytes) =>
        string.Join(", ", bytes.Select(b => "0x" + b.ToString("X2", System.Globalization.CultureInfo.InvariantCulture)));
}
