using System.Linq;
using Engine.Serialization.Generator.Analysis;

namespace Engine.Serialization.Generator.Emit.MessagePack;

/// <summary>
/// A <c>[MessagePackObject]</c> type's nested class: a map of pre-encoded string keys written in MessagePack-CSharp's
/// order; read by matching key bytes, keeping unknown members (classes) for the re-save.
/// </summary>
internal static class ObjectEmitter
{
    private const string Unknown = ObjectCode.Unknown;

    /// <summary>A value the model doesn't read (a member it lacks, a key that isn't text, a computed member), nesting bounded.</summary>
    private const string SkipValue = Values.Support + ".SkipValue(ref reader);";

    public static void Emit(CodeWriter code, ObjectModel type, bool recursive)
    {
        var shape = type.Shape;
        Values.OpenClass(code, shape);
        for (var i = 0; i < type.Members.Count; i++)
        {
            var member = type.Members[i];
            code.Line($"// {Values.Literal(member.Key)} -> {member.Name}");
            code.Line($"private static global::System.ReadOnlySpan<byte> Key{i} => new byte[] {{ {Values.Bytes(member.EncodedKey)} }};");
            code.Line();
            for (var k = 0; k < member.FormerKeys.Count; k++)
            {
                code.Line($"// {Values.Literal(member.FormerKeys[k])}, saved by earlier releases -> {member.Name}");
                code.Line($"private static global::System.ReadOnlySpan<byte> Key{i}Was{k} => new byte[] {{ {Values.Bytes(MessagePackKey.Encode(member.FormerKeys[k]).Encoded)} }};");
                code.Line();
            }
        }

        Values.FormatterMethods(code, shape);
        EmitWrite(code, type, recursive);
        code.Line();
        EmitRead(code, type);
        code.Close();
    }

    private static void EmitWrite(CodeWriter code, ObjectModel type, bool recursive)
    {
        var shape = type.Shape;
        code.Open($"public static void Write({Values.Writer}, {shape.TypeName} value)");
        if (!type.IsStruct)
        {
            Values.WriteNilForNull(code, shape);
        }

        ObjectCode.Nest(code, recursive);

        if (type.BeforeSerialize is { } before)
        {
            // A snapshot ran it on the live object when it was taken (its callbacks may read state a copy lacks).
            code.Open($"if (!{Values.Support}.WritingSnapshot)");
            ObjectCode.Callback(code, type, before, "value", "BeforeSerializeFailed");
            code.Close();
            code.Line();
        }

        var members = type.Members.Count;
        if (type.IsStruct)
        {
            code.Line(type.EmptyAsArray ? "writer.WriteArrayHeader(0);" : $"writer.WriteMapHeader({members});");
        }
        else
        {
            code.Line($"var unknown = {Unknown}.Of(value);");
            if (type.EmptyAsArray)
            {
                code.Open("if ((unknown?.Count ?? 0) == 0)");
                code.Line("writer.WriteArrayHeader(0);");
                code.Line("return;");
                code.Close();
                code.Line();
            }

            code.Line($"writer.WriteMapHeader({members} + (unknown?.Count ?? 0));");
        }

        // In a model whose types can contain themselves, a cycle's path: the member the refusal passed through, and this
        // object, so that the save names where the game reaches an object again (CodecSupport.TraceWrite).
        var traced = recursive && type.Members.Count > 0;
        if (traced)
        {
            ObjectCode.TraceOpen(code);
        }

        for (var i = 0; i < type.Members.Count; i++)
        {
            var member = type.Members[i];
            if (traced)
            {
                ObjectCode.TraceMember(code, member);
            }

            code.Line($"writer.WriteRaw(Key{i});");
            Values.WriteChecked(code, member.Shape, member.AllowsNull, string.Format(member.Get, "value"), "m" + i, ObjectCode.Short(type), member.Name);
        }

        if (traced)
        {
            code.Close();
            code.Open($"catch (global::System.Exception e) when ({Values.Support}.TraceWrite(e, at, value))");
            code.Line("throw;");
            code.Close();
        }

        if (!type.IsStruct)
        {
            code.Line("unknown?.WriteTo(ref writer);");
        }

        code.Close();
    }

    private static void EmitRead(CodeWriter code, ObjectModel type)
    {
        var shape = type.Shape;
        var byCtor = type.CtorArguments.Count > 0;
        code.Open($"public static {shape.TypeName} Read({Values.Reader})");
        if (type.IsStruct)
        {
            code.Open("if (reader.IsNil)");
            code.Line($"throw new {Values.Failure}(\"Nil where a {type.DisplayName} (a struct) is needed.\");");
            code.Close();
            code.Line();
        }
        else
        {
            Values.ReadNullForNil(code, shape);
            code.Line($"{Values.Support}.Creating();");
        }

        code.Line("DepthStep(ref reader);");
        ObjectCode.ReadLocals(code, type, byCtor);

        if (type.EmptyAsArray)
        {
            // What MessagePack-CSharp writes for an explicit-key type without members.
            code.Open("if (reader.NextMessagePackType == global::MessagePack.MessagePackType.Array)");
            code.Line($"for (var n = reader.ReadArrayHeader(); n > 0; n--) {SkipValue}");
            code.Close();
            code.Open("else");
        }

        // Which members were read, so that a map naming one twice is refused rather than keeping the last value.
        ObjectCode.SeenLocals(code, type);
        ObjectCode.FormerLocals(code, type);

        var traced = type.Members.Any(m => m.IsRestored);
        if (traced)
        {
            ObjectCode.TraceOpen(code);
        }

        code.Line("var count = reader.ReadMapHeader();");
        code.Open("for (var i = 0; i < count; i++)");
        if (traced)
        {
            code.Line("at = null;");
        }

        if (!type.IsStruct)
        {
            code.Line("var keyStart = reader.Consumed;");
        }

        if (type.Members.Count > 0)
        {
            code.Open("if (reader.NextMessagePackType == global::MessagePack.MessagePackType.String)");
            code.Line($"var key = {Values.Support}.ReadKey(ref reader);");
            EmitKeySwitch(code, type, byCtor);
            code.Close();
            code.Open("else");
            code.Line(SkipValue);
            code.Close();
            code.Line();
        }
        else
        {
            code.Line(SkipValue);
        }

        // Members this build doesn't know (a newer game wrote them) and non-string keys.
        code.Line(type.IsStruct ? SkipValue : "unknown.Add(ref reader, keyStart);");
        code.Close();
        if (traced)
        {
            ObjectCode.TraceClose(code);
        }

        if (type.EmptyAsArray)
        {
            code.Close();
        }

        if (byCtor)
        {
            code.Line();
        }

        ObjectCode.ReadEnd(code, type, byCtor);

        code.Line("reader.Depth--;");
        code.Line("return result;");
        code.Close();
    }

    private static void EmitKeySwitch(CodeWriter code, ObjectModel type, bool byCtor)
    {
        code.Open("switch (key.Length)");

        // Each member's key, then its earlier keys: a saved earlier key is read into the member.
        var keys = Enumerable.Range(0, type.Members.Count).SelectMany(i =>
        {
            var member = type.Members[i];
            return new[] { (Member: i, Former: -1, Name: $"Key{i}", Length: member.EncodedKey.Count - member.KeyHeaderLength, Header: member.KeyHeaderLength) }
                .Concat(Enumerable.Range(0, member.FormerKeys.Count).Select(k =>
                {
                    var (encoded, header) = MessagePackKey.Encode(member.FormerKeys[k]);
                    return (Member: i, Former: k, Name: $"Key{i}Was{k}", Length: encoded.Length - header, Header: header);
                }));
        });
        var byLength = keys.GroupBy(k => k.Length).OrderBy(g => g.Key);
        foreach (var group in byLength)
        {
            code.Line($"case {group.Key}:");
            code.Indent();
            foreach (var (i, former, name, _, header) in group)
            {
                var member = type.Members[i];
                code.Open($"if (global::System.MemoryExtensions.SequenceEqual(key, {name}.Slice({header})))");
                if (former < 0)
                {
                    ObjectCode.RefuseSecond(code, type, i);
                }
                else
                {
                    ObjectCode.RefuseSecondFormer(code, type, i, former);
                }

                if (member.IsRestored)
                {
                    // Read under an older key too: an older game saved this object, and its value is there.
                    ObjectCode.SkipIfReadFormerly(code, type, i, former < 0 ? member.FormerKeys.Count : former, SkipValue);
                }

                if (!member.IsRestored)
                {
                    // A computed member: MessagePack-CSharp writes it and never reads it back.
                    code.Line(SkipValue);
                }
                else if (byCtor)
                {
                    ObjectCode.TraceMember(code, member);
                    code.Line($"m{i} = {Values.Read(member.Shape)};");
                    Values.CheckRead(code, member.Shape, member.AllowsNull, "m" + i);
                    if (member.CtorParameter < 0)
                    {
                        code.Line($"s{i} = true;");
                    }
                }
                else
                {
                    ObjectCode.TraceMember(code, member);
                    code.Line($"var m{i} = {Values.Read(member.Shape)};");
                    Values.CheckRead(code, member.Shape, member.AllowsNull, "m" + i);
                    code.Line(string.Format(member.Set!, "result", "m" + i));
                }

                code.Line("continue;");
                code.Close();
                code.Line();
            }

            code.Line("break;");
            code.Outdent();
        }

        code.Close();
    }


}
