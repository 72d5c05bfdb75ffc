using System;
using System.Linq;
using Engine.Serialization.Generator.Analysis;
using Engine.Serialization.Generator.Emit.MessagePack;

namespace Engine.Serialization.Generator.Emit;

/// <summary>What every format's object code shares: the model's callbacks, creating an object, names for messages, a part file's opening.</summary>
internal static class ObjectCode
{
    /// <summary>Where generated code keeps the members a newer game wrote.</summary>
    public const string Unknown = "global::Engine.Serialization.Internal.UnknownMembers";

    /// <summary>
    /// The root's own record of its schema version: an integer member keyed "SchemaVersion", the member migrations
    /// keep up to date (SchemaMigrations.SchemaVersionMember). Saves and loads hold it to the header's.
    /// </summary>
    public static MemberModel? SchemaVersionMember(GenerationModel model, ValueShape root) =>
        model.Objects.FirstOrDefault(o => o.Shape.TypeName == root.TypeName)?.Members
            .FirstOrDefault(m => m.Key == "SchemaVersion" && m.IsRestored && m.Shape.Kind == ShapeKind.Primitive
                && m.Shape.TypeName is "sbyte" or "byte" or "short" or "ushort" or "int" or "uint" or "long");

    /// <summary>
    /// In a model whose types can contain themselves (<see cref="GenerationModel.Recursive"/>), counts the level a walk
    /// enters here (CodecSupport.Nest) where MessagePack's reader counts one: at each object and union, and at each
    /// shape of <paramref name="helper"/>'s kind that <see cref="Nests"/>. So a save never nests deeper than its load
    /// accepts, and a cycle in a game's state ends in a SaveEncodingException rather than a stack overflow.
    /// </summary>
    public static void Nest(CodeWriter code, bool recursive, ValueShape? helper = null)
    {
        if (recursive && (helper is null || Nests(helper)))
        {
            code.Line(NestLine);
        }
    }

    /// <summary>The statement of <see cref="Nest"/>, for code written as one template.</summary>
    public const string NestLine = "using var nesting = " + Values.Support + ".Nest();";

    /// <summary>Whether a helper's shape is a level of nesting: what the MessagePack reader counts (collections, tuples and pairs; not math types).</summary>
    public static bool Nests(ValueShape helper) =>
        helper.Kind is ShapeKind.Sequence or ShapeKind.Dictionary or ShapeKind.MultiArray
        || (helper.Kind == ShapeKind.Components && helper.Components!.DepthStep);

    /// <summary>
    /// Opens the part of a Read that reads members, traced: what a member's read throws passes an exception filter that
    /// notes the member (<c>at</c>, set by <see cref="TraceMember"/>) as a step of its path (CodecSupport.Trace), so a
    /// load names where a value it can't hold sits. A filter costs nothing until something throws.
    /// </summary>
    public static void TraceOpen(CodeWriter code, string step = "string at = null;")
    {
        if (step.Length > 0)
        {
            code.Line(step);
        }

        code.Open("try");
    }

    /// <summary>Before a member's read: its name, the step <see cref="TraceClose"/>'s filter notes.</summary>
    public static void TraceMember(CodeWriter code, MemberModel member) => code.Line($"at = {Values.Literal(member.Name.TrimStart('@'))};");

    /// <summary>Closes <see cref="TraceOpen"/> with the filter noting <paramref name="step"/>.</summary>
    public static void TraceClose(CodeWriter code, string step = "at")
    {
        code.Close();
        var trace = step switch
        {
            "at, atItem" => "TraceItem",
            _ when step.Contains(",") => "TraceKey",
            _ => "Trace",
        };
        code.Open($"catch (global::System.Exception e) when ({Values.Support}.{trace}(e, {step}))");
        code.Line("throw;");
        code.Close();
    }

    /// <summary>Calls the model's callback, turning what it throws into the save system's own refusal.</summary>
    public static void Callback(CodeWriter code, ObjectModel type, string call, string value, string failed)
    {
        code.Line($"try {{ {string.Format(call, value)}; }}");
        code.Line($"catch (global::System.Exception e) when (e is not global::Engine.Serialization.Errors.SaveException) {{ throw {Values.Support}.{failed}({Values.Literal(Short(type))}, e); }}");
    }

    /// <summary>The creation expression with <paramref name="arguments"/>: a constructor, an accessor, or default(T).</summary>
    public static string Create(ObjectModel type, string arguments) =>
        type.Create is { } create ? $"{create}({arguments})" : $"default({type.Shape.TypeName})";

    /// <summary>
    /// A Read's locals, the same in every format: with a constructor taking members, one per member read (and, for
    /// members set after it, whether it was read); otherwise the new object. Then the collector of unknown members.
    /// </summary>
    public static void ReadLocals(CodeWriter code, ObjectModel type, bool byCtor)
    {
        if (byCtor)
        {
            for (var i = 0; i < type.Members.Count; i++)
            {
                var member = type.Members[i];
                if (member.IsRestored)
                {
                    code.Line($"{member.Shape.TypeName} m{i} = default;");
                    if (member.CtorParameter < 0)
                    {
                        code.Line($"var s{i} = false;");
                    }
                }
            }
        }
        else
        {
            code.Line($"var result = {Create(type, string.Empty)};");
        }

        if (!type.IsStruct)
        {
            code.Line($"{Unknown}.Collector unknown = default;");
        }
    }

    /// <summary>
    /// A Read's end, the same in every format: with a constructor taking members, the object made from the locals and
    /// the members set after it that were read (<paramref name="isRead"/> leaves out those a format doesn't carry);
    /// then the model's callback and the unknown members kept with the object.
    /// </summary>
    public static void ReadEnd(CodeWriter code, ObjectModel type, bool byCtor, Func<int, bool>? isRead = null)
    {
        if (byCtor)
        {
            code.Line($"var result = {Create(type, string.Join(", ", type.CtorArguments.Select(m => "m" + m)))};");
            for (var i = 0; i < type.Members.Count; i++)
            {
                var member = type.Members[i];
                if (member.IsRestored && member.CtorParameter < 0 && (isRead is null || isRead(i)))
                {
                    code.Line($"if (s{i}) {string.Format(member.Set!, "result", "m" + i)}");
                }
            }
        }

        if (type.AfterDeserialize is { } after)
        {
            Callback(code, type, after, "result", "AfterDeserializeFailed");
        }

        if (!type.IsStruct)
        {
            code.Line("unknown.KeepWith(result);");
        }
    }

    /// <summary>Declares the bits of which members a reader has read (<c>seen0</c>, <c>seen1</c>, ...), for <see cref="RefuseSecond(CodeWriter, ObjectModel, int)"/>.</summary>
    public static void SeenLocals(CodeWriter code, ObjectModel type) => SeenLocals(code, type.Members.Count);

    /// <summary>Declares the bits of which of <paramref name="count"/> parts a reader has read, for <see cref="RefuseSecond(CodeWriter, string, string, int)"/>.</summary>
    public static void SeenLocals(CodeWriter code, int count)
    {
        for (var word = 0; word * 64 < count; word++)
        {
            code.Line($"ulong seen{word} = 0;");
        }
    }

    /// <summary>Refuses member <paramref name="index"/> read a second time (which value is meant can't be known), and notes it read.</summary>
    public static void RefuseSecond(CodeWriter code, ObjectModel type, int index) => RefuseSecond(code, Short(type), type.Members[index].Key, index);

    /// <summary>Refuses part <paramref name="index"/>, named <paramref name="member"/> in <paramref name="type"/>, read a second time.</summary>
    public static void RefuseSecond(CodeWriter code, string type, string member, int index) => RefuseSecond(code, "seen", type, member, index);

    private static void RefuseSecond(CodeWriter code, string bits, string type, string member, int index)
    {
        var (word, bit) = Bit(bits, index);
        code.Line($"if (({word} & {bit}) != 0) throw {Values.Support}.DuplicateMember({Values.Literal(type)}, {Values.Literal(member)});");
        code.Line($"{word} |= {bit};");
    }

    private static (string Word, string Bit) Bit(string bits, int index) => ($"{bits}{index / 64}", $"0x{1UL << (index % 64):X}UL");

    /// <summary>
    /// The bit of member <paramref name="index"/>'s first earlier key ([FormerlySavedAs]) among <c>was0</c>, <c>was1</c>,
    /// ...: each earlier key of each member has its own, in order; the member's k-th earlier key has this one plus k.
    /// </summary>
    private static int FormerBit(ObjectModel type, int index) => type.Members.Take(index).Sum(m => m.FormerKeys.Count);

    /// <summary>
    /// Declares the bits of which earlier keys ([FormerlySavedAs]) a reader has read (<c>was0</c>, ...), for
    /// <see cref="RefuseSecondFormer"/> and <see cref="SkipIfReadFormerly"/>; none when no member has one.
    /// </summary>
    public static void FormerLocals(CodeWriter code, ObjectModel type)
    {
        var count = type.Members.Sum(m => m.FormerKeys.Count);
        for (var word = 0; word * 64 < count; word++)
        {
            code.Line($"ulong was{word} = 0;");
        }
    }

    /// <summary>Refuses member <paramref name="index"/>'s earlier key <paramref name="former"/> read a second time, and notes it read.</summary>
    public static void RefuseSecondFormer(CodeWriter code, ObjectModel type, int index, int former) =>
        RefuseSecond(code, "was", Short(type), type.Members[index].FormerKeys[former], FormerBit(type, index) + former);

    /// <summary>
    /// Skips the value (writing <paramref name="skip"/>, then <c>continue</c>) when member <paramref name="index"/> has
    /// been read under one of its earlier keys older than <paramref name="newer"/> (its k-th earlier key; the member's own
    /// key when <paramref name="newer"/> is the count of its earlier keys). An object holding a member's key and an
    /// earlier one was saved by an older game, which wrote its own member under the earlier key and kept the newer key, a
    /// member it lacks, as it was loaded: the oldest key holds the value, and a newer one is a stale copy, dropped. Earlier
    /// keys are listed oldest first.
    /// </summary>
    public static void SkipIfReadFormerly(CodeWriter code, ObjectModel type, int index, int newer, string skip)
    {
        if (newer == 0)
        {
            return;
        }

        var first = FormerBit(type, index);
        var tests = Enumerable.Range(first, newer).GroupBy(b => b / 64)
            .Select(g => $"(was{g.Key} & 0x{g.Aggregate(0UL, (mask, b) => mask | 1UL << (b % 64)):X}UL) != 0");
        code.Open($"if ({string.Join(" || ", tests)})");
        code.Line(skip);
        code.Line("continue;");
        code.Close();
    }

    /// <summary>A tuple, pair or math type made from the parts read into <c>c0</c>, <c>c1</c>, ...</summary>
    public static string Construct(ComponentsModel model) =>
        string.Format(model.Construct, Enumerable.Range(0, model.Items.Count).Select(i => (object)("c" + i)).ToArray());

    /// <summary>The type's name without its namespace, for messages.</summary>
    public static string Short(ObjectModel type)
    {
        var name = type.DisplayName;
        var generic = name.IndexOf('<');
        var dot = (generic < 0 ? name : name.Substring(0, generic)).LastIndexOf('.');
        return dot < 0 ? name : name.Substring(dot + 1);
    }

    /// <summary>The refusal of a kind that the loop calling an emitter filters out: such a kind has no code of that emitter's.</summary>
    public static System.InvalidOperationException NotEmittedHere(ValueShape shape) =>
        new($"The generator has no code here for {shape.TypeName}, a {shape.Kind} shape.");

    /// <summary>A collection type as messages name it.</summary>
    public static string Display(ValueShape shape) => shape.TypeName.Replace("global::", string.Empty);

    /// <summary>Opens one more part of the generated partial class (another file: the XML codec, the protobuf codec, ...).</summary>
    public static CodeWriter OpenPart(GenerationModel model)
    {
        var code = new CodeWriter();
        code.Line("// <auto-generated/>");
        code.Line("#nullable disable");
        code.Line();
        if (model.Namespace is not null)
        {
            code.Line($"namespace {model.Namespace};");
            code.Line();
        }

        code.Open($"partial class {model.ClassName}");
        return code;
    }
}
