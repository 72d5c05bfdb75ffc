using System.Linq;
using Engine.Serialization.Generator.Analysis;

namespace Engine.Serialization.Generator.Emit.MessagePack;

/// <summary>
/// A <c>[Union]</c> base's nested class: <c>[key, case]</c> as MessagePack-CSharp writes it. Stricter in two places,
/// where MessagePack would lose the value silently: a value whose exact type is no case is refused at save (MessagePack
/// writes nil), and an unknown key is refused at load as a newer game's save (MessagePack reads null).
/// </summary>
internal static class UnionEmitter
{
    public static void Emit(CodeWriter code, UnionModel union, bool recursive)
    {
        var shape = union.Shape;
        var name = Values.Literal(union.DisplayName);
        Values.OpenClass(code, shape);
        Values.FormatterMethods(code, shape);
        var nest = recursive ? $"    {ObjectCode.NestLine}\n" : "";
        var writeCases = string.Concat(union.Cases.Select(c => $$"""
                if (type == typeof({{c.Shape.TypeName}}))
                {
                    writer.WriteArrayHeader(2);
                    writer.Write({{c.Key}});
                    {{c.Shape.HelperName}}.Write(ref writer, ({{c.Shape.TypeName}})value);
                    return;
                }


            """));
        var readCases = string.Concat(union.Cases.Select(c => $$"""
                    case {{c.Key}}:
                        result = {{c.Shape.HelperName}}.Read(ref reader);
                        break;

            """));
        code.Line($$"""
            public static void Write({{Values.Writer}}, {{shape.TypeName}} value)
            {
                if (value is null)
                {
                    writer.WriteNil();
                    return;
                }

            {{nest}}    var type = value.GetType();
            {{writeCases}}    throw {{Values.Support}}.NotAUnionCase({{name}}, type);
            }

            public static {{shape.TypeName}} Read({{Values.Reader}})
            {
                if (reader.TryReadNil())
                {
                    return null;
                }

                DepthStep(ref reader);
                if (reader.ReadArrayHeader() != 2)
                {
                    throw new {{Values.Failure}}("Invalid Union data was detected. Type:" + {{name}});
                }

                {{shape.TypeName}} result;
                var key = reader.ReadInt32();
                switch (key)
                {
            {{readCases}}        default:
                        throw {{Values.Support}}.UnknownUnionCase({{name}}, key);
                }

                reader.Depth--;
                return result;
            }
            """);
        code.Close();
    }
}
