using Engine.Serialization.Generator.Analysis;

namespace Engine.Serialization.Generator.Emit.MessagePack;

/// <summary>
/// A <c>[Union]</c> base's nested class: <c>[key, case]</c> as MessagePack-CSharp writes it. Stricter in two places,
/// where MessagePack would lose the value silently: a value whose exact type is no case is refused at save (MessagePack
/// writes nil), and an unknown key is refused at load as a newer game's save (MessagePack reads null).
/// </summary>
internal static class UnionEmitter
{
    public static void Emit(CodeWriter code, UnionModel union)
    {
        var shape = union.Shape;
        var name = Values.Literal(union.DisplayName);
        Values.OpenClass(code, shape);
        Values.FormatterMethods(code, shape);

        code.Open($"public static void Write({Values.Writer}, {shape.TypeName} value)");
        Values.WriteNilForNull(code);
        code.Line("var type = value.GetType();");
        foreach (var @case in union.Cases)
        {
            code.Open($"if (type == typeof({@case.Shape.TypeName}))");
            code.Line("writer.WriteArrayHeader(2);");
            code.Line($"writer.Write({@case.Key});");
            code.Line($"{@case.Shape.HelperName}.Write(ref writer, ({@case.Shape.TypeName})value);");
            code.Line("return;");
            code.Close();
            code.Line();
        }

        code.Line($"throw {Values.Support}.NotAUnionCase({name}, type);");
        code.Close();
        code.Line();

        code.Open($"public static {shape.TypeName} Read({Values.Reader})");
        Values.ReadNullForNil(code);
        code.Line("DepthStep(ref reader);");
        code.Open("if (reader.ReadArrayHeader() != 2)");
        code.Line($"throw new {Values.Failure}(\"Invalid Union data was detected. Type:\" + {name});");
        code.Close();
        code.Line();
        code.Line($"{shape.TypeName} result;");
        code.Line("var key = reader.ReadInt32();");
        code.Open("switch (key)");
        foreach (var @case in union.Cases)
        {
            code.Line($"case {@case.Key}:");
            code.Indent();
            code.Line($"result = {@case.Shape.HelperName}.Read(ref reader);");
            code.Line("break;");
            code.Outdent();
        }

        code.Line("default:");
        code.Indent();
        code.Line($"throw {Values.Support}.UnknownUnionCase({name}, key);");
        code.Outdent();
        code.Close();
        code.Line();
        code.Line("reader.Depth--;");
        code.Line("return result;");
        code.Close();
        code.Close();
    }
}
