using System.Linq;
using Engine.Serialization.Generator.Analysis;
using Engine.Serialization.Generator.Emit.MessagePack;
using Engine.Serialization.Generator.Emit.Tracking;

namespace Engine.Serialization.Generator.Emit.Snapshot;

/// <summary>
/// Brings the snapshot an earlier save took up to date with the live game, instead of copying it all again: a static
/// <c>Refresh(value, ref copy)</c> beside each <c>Copy</c> compares member by member, takes over what differs in place
/// and returns whether anything did. A save model's root also reports which of its members, and which elements of its
/// lists, changed (Engine.Serialization.Internal.SnapshotChanges), so that a save encodes only those again, and writes
/// any one of them alone (<c>WriteSection</c>) exactly as its own writer does.
/// </summary>
internal static class RefreshEmitter
{
    private const string Refreshing = "global::Engine.Serialization.Internal.SnapshotRefresh";
    private const string Unknown = ObjectCode.Unknown;

    public static string Emit(GenerationModel model)
    {
        var code = ObjectCode.OpenPart(model);
        var facts = new Facts(model);
        foreach (var type in model.Objects.Where(o => !facts.IsImmutable(o.Shape)))
        {
            code.Gap();
            code.Open($"partial class {type.Shape.HelperName}");
            ObjectRefresh(code, type, facts);
            if (IsSectionedRoot(model, type))
            {
                code.Line();
                RootRefresh(code, type, facts);
                code.Line();
                WriteSection(code, type, facts);
            }

            code.Close();
        }

        foreach (var union in model.Unions)
        {
            code.Gap();
            code.Open($"partial class {union.Shape.HelperName}");
            UnionRefresh(code, union, facts);
            code.Close();
        }

        foreach (var helper in model.Helpers.Where(h => !facts.IsImmutable(h)))
        {
            code.Gap();
            code.Open($"partial class {helper.HelperName}");
            HelperRefresh(code, helper, facts);
            code.Close();
        }

        code.Close();
        return code.ToString();
    }

    /// <summary>Whether a save model's root gets the sectioned refresh and writer (a class a snapshot copies); others are copied whole.</summary>
    public static bool IsSectioned(GenerationModel model, ValueShape root, Facts facts) =>
        model.Objects.Any(o => o.Shape == root && !facts.IsImmutable(o.Shape) && IsSectionedRoot(model, o));

    private static bool IsSectionedRoot(GenerationModel model, ObjectModel type) =>
        !type.IsStruct && model.SaveModels.Any(s => s.Root == type.Shape);

    /// <summary>The call refreshing <paramref name="copy"/> (assignable) from <paramref name="value"/>: true when it changed.</summary>
    private static string Refresh(Facts facts, ValueShape shape, string value, string copy) =>
        facts.IsImmutable(shape) ? $"{Refreshing}.Refresh({value}, ref {copy})" : $"{shape.HelperName}.Refresh({value}, ref {copy})";

    private static string Copy(Facts facts, ValueShape shape, string value) => SnapshotEmitter.Copy(facts, shape, value);

    private static void OpenRefresh(CodeWriter code, string type) =>
        code.Open($"public static bool Refresh({type} value, ref {type} copy)");

    /// <summary>A null on either side: the copy becomes null or a new copy.</summary>
    private static void NullChecks(CodeWriter code)
    {
        code.Open("if (value is null)");
        code.Line("if (copy is null) return false;");
        code.Line("copy = null;");
        code.Line("return true;");
        code.Close();
        code.Line();
        code.Open("if (copy is null)");
        code.Line("copy = Copy(value);");
        code.Line("return true;");
        code.Close();
        code.Line();
    }

    /// <summary>
    /// Member by member, in place where the member can be set after construction; a change the copy can't take in place
    /// (a constructor's or init-only member) makes a new copy. Callbacks run as <c>Copy</c> runs them.
    /// </summary>
    private static void ObjectRefresh(CodeWriter code, ObjectModel type, Facts facts)
    {
        OpenRefresh(code, type.Shape.TypeName);
        if (!type.IsStruct)
        {
            NullChecks(code);
        }

        ObjectCode.Nest(code, facts.Recursive);

        if (type.BeforeSerialize is { } before)
        {
            ObjectCode.Callback(code, type, before, "value", "BeforeSerializeFailed");
        }

        SkipUnchanged(code, type.Shape, facts);
        code.Line("var changed = false;");
        var rebuilds = type.Members.Any(m => m.IsRestored && !InPlace(m));
        if (rebuilds)
        {
            code.Line("var rebuild = false;");
        }

        for (var i = 0; i < type.Members.Count; i++)
        {
            var member = type.Members[i];
            if (member.IsRestored)
            {
                RefreshMember(code, facts, member, i, InPlace(member) ? "changed = true;" : "rebuild = true;");
            }
        }

        if (rebuilds)
        {
            code.Open("if (rebuild)");
            code.Line("copy = Copy(value);");
            code.Line("return true;");
            code.Close();
            code.Line();
        }

        if (!type.IsStruct)
        {
            code.Line($"changed |= {Unknown}.Refresh(value, copy);");
        }

        if (type.AfterDeserialize is { } after)
        {
            code.Open("if (changed)");
            ObjectCode.Callback(code, type, after, "copy", "AfterDeserializeFailed");
            code.Close();
            code.Line();
        }

        if (facts.IsTracked(type.Shape))
        {
            TrackingCode.LinkMembers(code, type, facts, "value");
            TrackingCode.Copied(code, "value", "copy");
        }

        code.Line("return changed;");
        code.Close();
    }

    /// <summary>
    /// For a tracked object or list that nothing below can change unseen: no look at the rest when its copy holds it
    /// and it did not change since the snapshot's last refresh. (Otherwise the whole refresh below runs, in which
    /// tracked children skip themselves.)
    /// </summary>
    private static void SkipUnchanged(CodeWriter code, ValueShape shape, Facts facts)
    {
        if (facts.IsTracked(shape) && !facts.MayChangeUnseen(shape))
        {
            code.Line($"if ({TrackingCode.Unchanged("value", "copy")}) return false;");
        }
    }

    private static bool InPlace(MemberModel member) => member.Set is not null && member.CtorParameter < 0;

    private static void RefreshMember(CodeWriter code, Facts facts, MemberModel member, int i, string onChange)
    {
        var local = "m" + i;
        code.Line($"var {local} = {string.Format(member.Get, "copy")};");
        var set = InPlace(member) ? " " + string.Format(member.Set!, "copy", local) : "";
        code.Line($"if ({Refresh(facts, member.Shape, string.Format(member.Get, "value"), local)}) {{{set} {onChange} }}");
    }

    /// <summary>
    /// The root's refresh, reporting what changed to the save's SnapshotChanges: a member whose value changed, or one
    /// element of a list or array of objects that kept its length. A computed member is written again every time.
    /// </summary>
    private static void RootRefresh(CodeWriter code, ObjectModel type, Facts facts)
    {
        code.Open($"public static void Refresh({type.Shape.TypeName} value, ref {type.Shape.TypeName} copy, global::Engine.Serialization.Internal.SnapshotChanges changes)");
        code.Line($"using var tracking = {TrackingCode.Tracking}.BeginRefresh(changes);");
        code.Open("if (copy is null)");
        code.Line("copy = Copy(value);");
        code.Line("changes.Everything();");
        code.Line("tracking.Complete();");
        code.Line("return;");
        code.Close();
        code.Line();
        if (type.BeforeSerialize is { } before)
        {
            ObjectCode.Callback(code, type, before, "value", "BeforeSerializeFailed");
        }

        var rebuilds = type.Members.Any(m => m.IsRestored && !InPlace(m));
        if (rebuilds)
        {
            code.Line("var rebuild = false;");
        }

        for (var i = 0; i < type.Members.Count; i++)
        {
            var member = type.Members[i];
            if (!member.IsRestored)
            {
                code.Line($"changes.Member({i});");
                continue;
            }

            if (!InPlace(member))
            {
                RefreshMember(code, facts, member, i, "rebuild = true;");
                continue;
            }

            if (ByElement(member.Shape, facts) is { } count)
            {
                RefreshElements(code, facts, member, i, count);
                continue;
            }

            RefreshMember(code, facts, member, i, $"changes.Member({i});");
        }

        if (rebuilds)
        {
            code.Open("if (rebuild)");
            code.Line("copy = Copy(value);");
            code.Line("changes.Everything();");
            code.Line("tracking.Complete();");
            code.Line("return;");
            code.Close();
            code.Line();
        }

        code.Line($"if ({Unknown}.Refresh(value, copy)) changes.Everything();");
        if (type.AfterDeserialize is { } after)
        {
            // What it rebuilds may be anywhere in the root: nothing encoded before is trusted.
            code.Open("if (changes.Any)");
            ObjectCode.Callback(code, type, after, "copy", "AfterDeserializeFailed");
            code.Line("changes.Everything();");
            code.Close();
        }

        if (facts.IsTracked(type.Shape))
        {
            TrackingCode.LinkMembers(code, type, facts, "value");
            TrackingCode.Copied(code, "value", "copy");
        }

        code.Line("tracking.Complete();");
        code.Close();
    }

    /// <summary>For a list or array of values that aren't shared: its count property; otherwise null.</summary>
    private static string? ByElement(ValueShape shape, Facts facts) =>
        shape.Kind == ShapeKind.Sequence && !facts.IsImmutable(shape.Element!)
            ? shape.Sequence!.Storage switch
            {
                SequenceStorage.List => "Count",
                SequenceStorage.Array => "Length",
                SequenceStorage.Other => null,
            }
            : null;

    /// <summary>
    /// Refreshes a root list or array element by element, reporting each element that changed. A list that grew or
    /// shrank keeps its elements in place and reports its new length (a log that gained a message re-encodes only that
    /// message); an array of another length, or a null on either side, is refreshed whole.
    /// </summary>
    private static void RefreshElements(CodeWriter code, Facts facts, MemberModel member, int i, string count)
    {
        var local = "m" + i;
        var live = "v" + i;
        var kept = "kept" + i;
        var resizable = member.Shape.Sequence!.Storage == SequenceStorage.List;
        var tracked = member.Shape.Sequence.Tracked;
        code.Line($"var {local} = {string.Format(member.Get, "copy")};");
        code.Line($"var {live} = {string.Format(member.Get, "value")};");
        code.Open(resizable ? $"if ({live} is null || {local} is null)" : $"if ({live} is null || {local} is null || {live}.{count} != {local}.{count})");
        code.Line($"if ({Refresh(facts, member.Shape, live, local)}) {{ {string.Format(member.Set!, "copy", local)} changes.Member({i}); }}");
        code.Close();
        code.Open(tracked && !facts.MayChangeUnseen(member.Shape) ? $"else if (!{TrackingCode.Unchanged(live, local)})" : "else");
        code.Line($"var {kept} = {local}.{count};");
        code.Open($"for (var e = 0; e < global::System.Math.Min({live}.{count}, {kept}); e++)");
        code.Line($"var item = {local}[e];");
        code.Line($"if ({Refresh(facts, member.Shape.Element!, $"{live}[e]", "item")}) {{ {local}[e] = item; changes.Element({i}, e); }}");
        if (tracked && !facts.IsImmutable(member.Shape.Element!))
        {
            code.Line($"{TrackingCode.Tracking}.Link({live}, {live}[e]);");
        }

        code.Close();
        if (resizable)
        {
            code.Line();
            code.Open($"if ({live}.Count != {kept})");
            code.Line($"if ({live}.Count < {kept}) {local}.RemoveRange({live}.Count, {kept} - {live}.Count);");
            var link = tracked && !facts.IsImmutable(member.Shape.Element!) ? $" {TrackingCode.Tracking}.Link({live}, {live}[e]);" : "";
            var add = $"{local}.Add({Copy(facts, member.Shape.Element!, $"{live}[e]")});";
            code.Line($"for (var e = {kept}; e < {live}.Count; e++) {(link.Length == 0 ? add : $"{{ {add}{link} }}")}");
            code.Line($"changes.Resized({i}, {kept}, {live}.Count);");
            code.Close();
        }

        if (tracked)
        {
            TrackingCode.Copied(code, live, local);
        }

        code.Close();
        code.Line();
    }

    /// <summary>One root member's value, or one element of a root list, written as the root's own writer writes it.</summary>
    private static void WriteSection(CodeWriter code, ObjectModel type, Facts facts)
    {
        code.Open($"public static void WriteSection({Values.Writer}, {type.Shape.TypeName} value, int member, int element)");
        if (type.Members.Count > 0)
        {
            SectionCases(code, type, facts);
        }

        code.Line("throw new global::System.ArgumentOutOfRangeException(nameof(member));");
        code.Close();
        code.Line();
        code.Line($"public static readonly string[] SectionKeys = new string[] {{ {string.Join(", ", type.Members.Select(m => Values.Literal(m.Key)))} }};");
    }

    private static void SectionCases(CodeWriter code, ObjectModel type, Facts facts)
    {
        code.Open("switch (member)");
        for (var i = 0; i < type.Members.Count; i++)
        {
            var member = type.Members[i];
            var get = string.Format(member.Get, "value");
            code.Open($"case {i}:");
            if (InPlace(member) && ByElement(member.Shape, facts) is not null)
            {
                code.Open("if (element >= 0)");
                Values.WriteChecked(code, member.Shape.Element!, member.Shape.ElementAllowsNull, $"{get}[element]", "item", ObjectCode.Short(type), member.Name);
                code.Line("return;");
                code.Close();
                code.Line();
            }

            Values.WriteChecked(code, member.Shape, member.AllowsNull, get, "m", ObjectCode.Short(type), member.Name);
            code.Line("return;");
            code.Close();
        }

        code.Close();
        code.Line();
    }

    private static void UnionRefresh(CodeWriter code, UnionModel union, Facts facts)
    {
        var shape = union.Shape;
        OpenRefresh(code, shape.TypeName);
        NullChecks(code);
        ObjectCode.Nest(code, facts.Recursive);
        code.Line("var type = value.GetType();");
        code.Open("if (copy.GetType() != type)");
        code.Line("copy = Copy(value);");
        code.Line("return true;");
        code.Close();
        code.Line();
        foreach (var @case in union.Cases)
        {
            var name = @case.Shape.TypeName;
            code.Open($"if (type == typeof({name}))");
            code.Line($"var item = ({name})copy;");
            code.Line($"if (!{Refresh(facts, @case.Shape, $"({name})value", "item")}) return false;");
            code.Line("copy = item;");
            code.Line("return true;");
            code.Close();
            code.Line();
        }

        code.Line($"throw {Values.Support}.NotAUnionCase({Values.Literal(union.DisplayName)}, type);");
        code.Close();
    }

    private static void HelperRefresh(CodeWriter code, ValueShape shape, Facts facts)
    {
        OpenRefresh(code, shape.TypeName);
        if (shape.IsReferenceType)
        {
            NullChecks(code);
        }

        var element = shape.Element;
        var share = element is not null && facts.IsImmutable(element);
        System.Action refresh = shape.Kind switch
        {
            ShapeKind.Nullable => RefreshNullable,
            ShapeKind.Sequence when shape.Sequence!.Storage == SequenceStorage.Array => RefreshArray,
            ShapeKind.Sequence when shape.Sequence!.Storage == SequenceStorage.List => () => RefreshList(code, shape, facts, share),
            ShapeKind.MultiArray when share => RefreshCells,
            ShapeKind.Sequence or ShapeKind.MultiArray or ShapeKind.Dictionary or ShapeKind.Components or ShapeKind.Bytes or ShapeKind.Custom => CopyAgain,
            ShapeKind.Primitive or ShapeKind.Enum or ShapeKind.EnumByName or ShapeKind.DateTime or ShapeKind.Scalar or ShapeKind.Object or ShapeKind.Union
                => throw ObjectCode.NotEmittedHere(shape),
        };
        refresh();
        code.Close();

        void RefreshNullable()
        {
            code.Line("if (value is null) { if (copy is null) return false; copy = null; return true; }");
            code.Line($"if (copy is null) {{ copy = {Copy(facts, element!, "value.GetValueOrDefault()")}; return true; }}");
            code.Line("var item = copy.GetValueOrDefault();");
            code.Line($"if (!{Refresh(facts, element!, "value.GetValueOrDefault()", "item")}) return false;");
            code.Line("copy = item;");
            code.Line("return true;");
        }

        void RefreshArray()
        {
            code.Line("if (copy.Length != value.Length) { copy = Copy(value); return true; }");
            if (share)
            {
                code.Line($"return {Refreshing}.RefreshItems<{element!.TypeName}>(value, copy, copy);");
                return;
            }

            code.Line("var changed = false;");
            code.Line($"for (var i = 0; i < value.Length; i++) changed |= {Refresh(facts, element!, "value[i]", "copy[i]")};");
            code.Line("return changed;");
        }

        void RefreshCells()
        {
            var sameLengths = string.Join(" && ", Enumerable.Range(0, shape.Rank).Select(d => $"copy.GetLength({d}) == value.GetLength({d})"));
            code.Line($"if (!({sameLengths})) {{ copy = Copy(value); return true; }}");
            code.Line($"return {Refreshing}.RefreshItems<{element!.TypeName}>({Xml.XmlEmitter.Cells(shape, "value")}, {Xml.XmlEmitter.Cells(shape, "copy")}, copy);");
        }

        // Compared whole when its items can be shared; otherwise (or opaque to the generator) copied again.
        void CopyAgain()
        {
            if (Same(shape, facts) is { } same)
            {
                code.Line($"if ({same}) return false;");
            }

            code.Line("copy = Copy(value);");
            code.Line("return true;");
        }
    }

    /// <summary>
    /// A list in place, item by item; a list of shared plain items compared at once. A tracked list is skipped when
    /// it did not change, links the items it passes, and marks its copy as holding it.
    /// </summary>
    private static void RefreshList(CodeWriter code, ValueShape shape, Facts facts, bool share)
    {
        var element = shape.Element!;
        var tracked = shape.Sequence!.Tracked;
        SkipUnchanged(code, shape, facts);
        code.Line("var changed = false;");
        code.Line("if (copy.Count > value.Count) { copy.RemoveRange(value.Count, copy.Count - value.Count); changed = true; }");
        if (share && !tracked)
        {
            const string Span = "global::System.Runtime.InteropServices.CollectionsMarshal.AsSpan";
            code.Line("var common = copy.Count;");
            code.Line($"changed |= {Refreshing}.RefreshItems<{element.TypeName}>({Span}(value).Slice(0, common), {Span}(copy));");
            code.Line("for (var i = common; i < value.Count; i++) { copy.Add(value[i]); changed = true; }");
            code.Line("return changed;");
            return;
        }

        code.Open("for (var i = 0; i < value.Count; i++)");
        if (tracked && !share)
        {
            code.Line($"{TrackingCode.Tracking}.Link(value, value[i]);");
        }

        code.Line($"if (i == copy.Count) {{ copy.Add({Copy(facts, element, "value[i]")}); changed = true; continue; }}");
        code.Line("var item = copy[i];");
        code.Line($"if ({Refresh(facts, element, "value[i]", "item")}) {{ copy[i] = item; changed = true; }}");
        code.Close();
        if (tracked)
        {
            TrackingCode.Copied(code, "value", "copy");
        }

        code.Line("return changed;");
    }

    /// <summary>Whether a value of a shape without an in-place refresh is the same as its copy, or null when only a new copy tells.</summary>
    private static string? Same(ValueShape shape, Facts facts) => shape.Kind switch
    {
        ShapeKind.Bytes => "global::System.MemoryExtensions.SequenceEqual<byte>(value, copy)",
        ShapeKind.Sequence when facts.IsImmutable(shape.Element!) => $"{Refreshing}.SameItems<{shape.Element!.TypeName}>(value, copy)",
        ShapeKind.Dictionary when facts.IsImmutable(shape.Key!) && facts.IsImmutable(shape.Element!) =>
            $"{Refreshing}.SamePairs<{shape.Key!.TypeName}, {shape.Element!.TypeName}>(value, copy)",
        ShapeKind.Sequence or ShapeKind.Dictionary or ShapeKind.MultiArray or ShapeKind.Components or ShapeKind.Custom or ShapeKind.Nullable
            or ShapeKind.Primitive or ShapeKind.Enum or ShapeKind.EnumByName or ShapeKind.DateTime or ShapeKind.Scalar or ShapeKind.Object or ShapeKind.Union => null,
    };
}
