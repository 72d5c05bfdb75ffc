using System.Collections.Generic;
using System.Linq;
using Engine.Serialization.Generator.Analysis;
using Engine.Serialization.Generator.Emit.MessagePack;

namespace Engine.Serialization.Generator.Emit.Protobuf;

/// <summary>
/// The protobuf codec: each object, union, tuple, multi-dimensional array and collection is a message, written and read
/// over protobuf-net's writer and reader state by a nested <c>ISerializer</c> (protobuf-net does the wire work: varints,
/// length prefixes, sub-messages). An object's fields have the numbers <see cref="ProtoNumbering"/> gave them; a field
/// holding its default is left out and an absent one keeps the model's default, so a value protobuf can't tell from
/// the default (null where the default isn't) is refused at save. Collections are repeated fields (numbers packed);
/// a collection that is itself an item, or items that may be null, travel in small wrapper messages.
/// </summary>
internal static class ProtobufEmitter
{
    private const string Codec = "global::Engine.Serialization.Internal.ProtobufCodec";
    private const string WriterState = "ref global::ProtoBuf.ProtoWriter.State state";
    private const string ReaderState = "ref global::ProtoBuf.ProtoReader.State state";
    private const string Serializer = "global::ProtoBuf.Serializers.ISerializer";
    private const string Features = "global::ProtoBuf.Serializers.SerializerFeatures.CategoryMessage | global::ProtoBuf.Serializers.SerializerFeatures.WireTypeString";
    private const string Generic = "global::System.Collections.Generic.";
    private const string Unknown = ObjectCode.Unknown;
    private const string Any = "global::System.Linq.Enumerable.Any";

    public static string Emit(GenerationModel model)
    {
        var code = ObjectCode.OpenPart(model);
        var numbers = model.ProtoNumbers.ToDictionary(n => n.HelperName);
        var roots = new HashSet<string>(model.SaveModels.Select(m => m.Root.TypeName));
        foreach (var type in model.Objects)
        {
            code.Gap();
            var schemaVersion = roots.Contains(type.Shape.TypeName) ? ObjectCode.SchemaVersionMember(model, type.Shape) : null;
            EmitObject(code, type, numbers[type.Shape.HelperName!], model.Recursive, schemaVersion);
        }

        foreach (var union in model.Unions)
        {
            code.Gap();
            EmitUnion(code, union, model.Recursive);
        }

        foreach (var helper in model.Helpers.Where(h => h.Kind is ShapeKind.Sequence or ShapeKind.Dictionary or ShapeKind.MultiArray or ShapeKind.Components))
        {
            code.Gap();
            EmitHelper(code, helper);
        }

        code.Close();
        return code.ToString();
    }

    /// <summary>Whether a value of the shape in a member is a repeated field (each item a field of its own).</summary>
    public static bool IsRepeated(ValueShape shape) => shape.Kind is ShapeKind.Sequence or ShapeKind.Dictionary;

    /// <summary>Whether a collection's items travel in a wrapper message, because they may be null.</summary>
    public static bool WrapsItems(ValueShape collection) => ShapeFacts.MayBeNull(collection.Element!, collection.ElementAllowsNull);

    /// <summary>Writes one occurrence of field <paramref name="field"/> holding <paramref name="value"/>, which is not null.</summary>
    private static void WriteOne(CodeWriter code, ValueShape shape, string field, string value)
    {
        if (shape.Kind == ShapeKind.Nullable)
        {
            WriteOne(code, shape.Element!, field, value + ".Value");
        }
        else if (ProtoScalars.Of(shape) is { } scalar)
        {
            code.Line(string.Format(scalar.Write, field, value));
        }
        else
        {
            code.Line($"state.WriteMessage<{shape.TypeName}>({field}, {Codec}.Message, {value}, {shape.HelperName}.Proto);");
        }
    }

    /// <summary>The expression reading the occurrence of a field whose header was just read.</summary>
    private static string ReadOne(ValueShape shape) =>
        shape.Kind == ShapeKind.Nullable ? $"({shape.TypeName}){ReadOne(shape.Element!)}"
        : ProtoScalars.Of(shape) is { } scalar ? scalar.Read
        : $"state.ReadMessage<{shape.TypeName}>(default, default, {shape.HelperName}.Proto)";

    /// <summary>The serializer members every message class has: its instance, and protobuf-net's interface over its static WriteProto and ReadProto.</summary>
    private static void OpenMessage(CodeWriter code, ValueShape shape)
    {
        var type = shape.TypeName;
        code.Open($"partial class {shape.HelperName} : {Serializer}<{type}>");
        code.Line($"public static readonly {shape.HelperName} Proto = new();");
        code.Line();
        code.Line($"global::ProtoBuf.Serializers.SerializerFeatures {Serializer}<{type}>.Features => {Features};");
        code.Line();
        code.Line($"void {Serializer}<{type}>.Write({WriterState}, {type} value) => WriteProto(ref state, value);");
        code.Line();
        code.Line($"{type} {Serializer}<{type}>.Read({ReaderState}, {type} value) => ReadProto(ref state);");
        code.Line();
    }

    /// <summary>
    /// An object's message. A root's <paramref name="schemaVersion"/> member is written even when it holds the model's
    /// default, so that a reader of the payload alone can hold it to the header's.
    /// </summary>
    private static void EmitObject(CodeWriter code, ObjectModel type, ProtoNumbers numbers, bool recursive, MemberModel? schemaVersion)
    {
        var shape = type.Shape;
        var byCtor = type.CtorArguments.Count > 0;
        OpenMessage(code, shape);

        // The values a load starts from, which a field equal to may be left out; for a type created through a
        // constructor with parameters, made with default arguments where the constructor allows it.
        var defaults = Defaults(code, type, byCtor);
        code.Open($"public static void WriteProto({WriterState}, {shape.TypeName} value)");
        ObjectCode.Nest(code, recursive);
        if (type.BeforeSerialize is { } before)
        {
            code.Open($"if (!{Values.Support}.WritingSnapshot)");
            ObjectCode.Callback(code, type, before, "value", "BeforeSerializeFailed");
            code.Close();
            code.Line();
        }

        if (defaults != Default.None && type.Members.Any(m => m.IsRestored && m.CtorParameter < 0))
        {
            code.Line("var d = ProtoDefaults;");
        }

        for (var i = 0; i < type.Members.Count; i++)
        {
            var member = type.Members[i];
            if (member.IsRestored && numbers.Fields[i] > 0)
            {
                WriteMember(code, type, member, i, numbers.Fields[i].ToString(System.Globalization.CultureInfo.InvariantCulture),
                    ReferenceEquals(member, schemaVersion) ? Default.None : member.CtorParameter >= 0 ? Default.CtorParameter : defaults);
            }
        }

        if (!type.IsStruct)
        {
            code.Line($"{Unknown}.Of(value)?.WriteProtobuf(ref state);");
        }

        code.Close();
        code.Line();
        EmitObjectRead(code, type, numbers, byCtor);
        code.Close();
    }

    /// <summary>Where a member's default comes from, when writing decides whether to leave it out.</summary>
    private enum Default
    {
        /// <summary>Unknown (a struct made by a constructor with parameters): every value is written.</summary>
        None,

        /// <summary>A constructor parameter: a load passes default(T) (an empty collection, for one the model needs).</summary>
        CtorParameter,

        /// <summary>The member of <c>d</c>, a fresh instance.</summary>
        Instance,

        /// <summary>The member of <c>d</c>, which is null when the constructor refused default arguments.</summary>
        MaybeInstance,
    }

    private static Default Defaults(CodeWriter code, ObjectModel type, bool byCtor)
    {
        var t = type.Shape.TypeName;
        if (!byCtor)
        {
            code.Line(type.IsStruct
                ? $"private static readonly {t} ProtoDefaults = {ObjectCode.Create(type, string.Empty)};"
                : $"private static {t} protoDefaults;");
            if (!type.IsStruct)
            {
                code.Line();
                code.Line($"private static {t} ProtoDefaults => protoDefaults ??= {ObjectCode.Create(type, string.Empty)};");
            }

            code.Line();
            return Default.Instance;
        }

        if (type.IsStruct)
        {
            return Default.None;
        }

        var arguments = string.Join(", ", type.CtorArguments.Select(m => $"default({type.Members[m].Shape.TypeName})"));
        code.Line($$"""
            private static bool protoDefaultsTried;

            private static {{t}} protoDefaults;

            private static {{t}} ProtoDefaults
            {
                get
                {
                    if (!protoDefaultsTried)
                    {
                        try { protoDefaults = {{ObjectCode.Create(type, arguments)}}; }
                        catch (global::System.Exception) { }
                        protoDefaultsTried = true;
                    }

                    return protoDefaults;
                }
            }

            """);
        return Default.MaybeInstance;
    }

    private static void WriteMember(CodeWriter code, ObjectModel type, MemberModel member, int i, string field, Default source)
    {
        var shape = member.Shape;
        var m = "m" + i;
        var dm = string.Format(member.Get, "d");
        var known = source switch
        {
            Default.Instance => "true",
            Default.MaybeInstance => "d is not null",
            Default.CtorParameter => "true",
            _ => "false",
        };
        var defaultValue = source == Default.CtorParameter ? $"default({shape.TypeName})" : dm;
        var mayBeNil = member.AllowsNull || shape.NilWhen is not null;
        var defaultIsNull = source switch
        {
            Default.CtorParameter => IsRepeated(shape) ? (mayBeNil ? "true" : "false") : "true",
            Default.None => "false",
            _ => $"{Join(known, Values.IsNil(shape, dm))}",
        };
        var refuse = $"throw {Codec}.Indistinct({Values.Literal(ObjectCode.Short(type))}, {Values.Literal(member.Name.TrimStart('@'))}";
        code.Line($"var {m} = {string.Format(member.Get, "value")};");
        void NullCase()
        {
            if (ShapeFacts.RefusesNull(shape, member.AllowsNull))
            {
                code.Line($"{Values.Support}.ThrowMissing({Values.Literal(ObjectCode.Short(type))}, {Values.Literal(member.Name)});");
            }
            else if (defaultIsNull != "true")
            {
                code.Line($"if (!({defaultIsNull})) {refuse}, \"null\");");
            }
        }

        if (IsRepeated(shape))
        {
            var defaultIsEmpty = source switch
            {
                Default.CtorParameter => mayBeNil ? "false" : "true",
                Default.None => "false",
                _ => Join(known, shape.NilWhen is { } nil ? $"!{string.Format(nil, dm)} && !{Any}({dm})" : $"{dm} is {{ }} e{i} && !{Any}(e{i})"),
            };
            code.Open($"if ({Values.IsNil(shape, m)})");
            NullCase();
            code.Close();
            code.Open($"else if (!{Any}({m}))");
            if (defaultIsEmpty != "true")
            {
                code.Line($"if (!({defaultIsEmpty})) {refuse}, \"empty\");");
            }

            code.Close();
            code.Open("else");
            code.Line($"{shape.HelperName}.WriteProtoItems(ref state, {field}, {m});");
            code.Close();
            return;
        }

        if (shape.Kind == ShapeKind.Nullable)
        {
            code.Open($"if ({m} is {{ }} v{i})");
            var same = Join(known, $"{defaultValue} is {{ }} dv{i} && {Codec}.Same(v{i}, dv{i})");
            if (same == "false")
            {
                WriteOne(code, shape.Element!, field, "v" + i);
            }
            else
            {
                code.Open($"if (!({same}))");
                WriteOne(code, shape.Element!, field, "v" + i);
                code.Close();
            }

            code.Close();
            code.Open("else");
            NullCase();
            code.Close();
            return;
        }

        var comparable = ProtoScalars.Of(shape) is not null && shape.Kind != ShapeKind.Custom;
        if (!shape.IsReferenceType)
        {
            if (comparable && known != "false")
            {
                code.Open($"if (!({Join(known, $"{Codec}.Same({m}, {defaultValue})")}))");
                WriteOne(code, shape, field, m);
                code.Close();
            }
            else
            {
                WriteOne(code, shape, field, m);
            }

            return;
        }

        code.Open($"if ({m} is null)");
        NullCase();
        code.Close();
        code.Open(comparable && known != "false" ? $"else if (!({Join(known, $"{Codec}.Same({m}, {defaultValue})")}))" : "else");
        WriteOne(code, shape, field, m);
        code.Close();
    }

    /// <summary>Two conditions joined with &amp;&amp;, leaving out a "true".</summary>
    private static string Join(string known, string condition) => known == "true" ? condition : known == "false" ? "false" : $"{known} && {condition}";

    private static void EmitObjectRead(CodeWriter code, ObjectModel type, ProtoNumbers numbers, bool byCtor)
    {
        var shape = type.Shape;
        code.Open($"public static {shape.TypeName} ReadProto({ReaderState})");
        code.Line($"{Values.Support}.Creating();");
        var repeated = new List<int>();
        for (var i = 0; i < type.Members.Count; i++)
        {
            var member = type.Members[i];
            if (!member.IsRestored || numbers.Fields[i] == 0)
            {
                continue;
            }

            if (IsRepeated(member.Shape))
            {
                repeated.Add(i);
                code.Line($"{Builder(member.Shape)} b{i} = null;");
            }

            if (byCtor)
            {
                code.Line($"{member.Shape.TypeName} m{i} = default;");
                if (member.CtorParameter < 0)
                {
                    code.Line($"var s{i} = false;");
                }
            }
        }

        if (!byCtor)
        {
            code.Line($"var result = {ObjectCode.Create(type, string.Empty)};");
        }

        if (!type.IsStruct)
        {
            code.Line($"{Unknown}.Collector unknown = default;");
        }

        // Which single-valued fields were read: one given twice is refused, as a member named twice is in MessagePack and
        // XML, rather than read as protobuf's default would (the last value, or messages merged).
        var single = type.Members.Select((m, i) => m.IsRestored && numbers.Fields[i] != 0 && !IsRepeated(m.Shape)).ToList();
        if (single.Contains(true))
        {
            ObjectCode.SeenLocals(code, type);
        }

        code.Line("int field;");
        var traced = type.Members.Where((m, i) => m.IsRestored && numbers.Fields[i] != 0).Any();
        if (traced)
        {
            // A list of messages is one field per item: the item's index is the count read so far. A packed run of
            // numbers is many items in one field, so a number in it is named by its member alone.
            ObjectCode.TraceOpen(code, "string at = null;\nvar atItem = -1;");
        }

        code.Open("while ((field = state.ReadFieldHeader()) > 0)");
        if (traced)
        {
            code.Line("at = null;");
        }

        code.Open("switch (field)");
        for (var i = 0; i < type.Members.Count; i++)
        {
            var member = type.Members[i];
            if (!member.IsRestored || numbers.Fields[i] == 0)
            {
                continue;
            }

            code.Line($"case {numbers.Fields[i]}:");
            code.Indent();
            if (single[i])
            {
                ObjectCode.RefuseSecond(code, type, i);
            }

            ObjectCode.TraceMember(code, member);
            if (IsRepeated(member.Shape))
            {
                code.Line(member.Shape.Kind == ShapeKind.Sequence && member.Shape.Element!.Kind is ShapeKind.Object or ShapeKind.Union
                    ? $"atItem = b{i}?.Count ?? 0;"
                    : "atItem = -1;");
                code.Line(member.Shape.Kind == ShapeKind.Dictionary
                    ? $"{member.Shape.HelperName}.ReadProtoEntry(ref state, b{i} ??= {member.Shape.HelperName}.NewMap());"
                    : $"{member.Shape.HelperName}.ReadProtoItems(ref state, b{i} ??= new {Builder(member.Shape)}());");
            }
            else if (byCtor)
            {
                code.Line($"m{i} = {ReadOne(member.Shape)};");
                Values.CheckRead(code, member.Shape, member.AllowsNull, "m" + i);
                if (member.CtorParameter < 0)
                {
                    code.Line($"s{i} = true;");
                }
            }
            else
            {
                code.Line($"var m{i} = {ReadOne(member.Shape)};");
                Values.CheckRead(code, member.Shape, member.AllowsNull, "m" + i);
                code.Line(string.Format(member.Set!, "result", "m" + i));
            }

            code.Line("break;");
            code.Outdent();
        }

        code.Line("default:");
        code.Indent();

        // Fields this build doesn't know (a newer game wrote them).
        code.Line(type.IsStruct ? "state.SkipField();" : "unknown.AddProtobuf(ref state);");
        code.Line("break;");
        code.Outdent();
        code.Close();
        code.Close();
        if (traced)
        {
            ObjectCode.TraceClose(code, "at, atItem");
        }

        code.Line();
        foreach (var i in repeated)
        {
            var member = type.Members[i];
            var built = Built(member.Shape, "b" + i);
            if (!byCtor)
            {
                code.Line($"if (b{i} is not null) {string.Format(member.Set!, "result", built)}");
            }
            else if (member.CtorParameter >= 0)
            {
                var absent = member.AllowsNull || member.Shape.NilWhen is not null ? Values.NilValue(member.Shape) : Empty(member.Shape);
                code.Line($"m{i} = b{i} is not null ? {built} : {absent};");
            }
            else
            {
                code.Line($"if (b{i} is not null) {{ m{i} = {built}; s{i} = true; }}");
            }
        }

        ObjectCode.ReadEnd(code, type, byCtor, i => numbers.Fields[i] > 0);

        code.Line("return result;");
        code.Close();
    }

    /// <summary>A field switch's default: fields a part or entry doesn't have are skipped.</summary>
    private static void SkipOtherFields(CodeWriter code)
    {
        code.Line("default:");
        code.Indent();
        code.Line("state.SkipField();");
        code.Line("break;");
        code.Outdent();
    }

    /// <summary>What a repeated field's occurrences are gathered in: a list of items, or the dictionary itself.</summary>
    private static string Builder(ValueShape shape) => shape.Dictionary is { } map
        ? map.MapOf(shape.Key!.TypeName, shape.Element!.TypeName)
        : $"{Generic}List<{shape.Element!.TypeName}>";

    private static string Built(ValueShape shape, string builder) => shape.Dictionary is { } map
        ? map.BuildOf(shape.Key!.TypeName, shape.Element!.TypeName, builder)
        : $"{shape.HelperName}.FromItems({builder})";

    private static string Empty(ValueShape shape) => shape.Dictionary is not null ? Built(shape, $"{shape.HelperName}.NewMap()") : Built(shape, $"new {Builder(shape)}()");

    private static void EmitUnion(CodeWriter code, UnionModel union, bool recursive)
    {
        var shape = union.Shape;
        var display = Values.Literal(union.DisplayName);
        OpenMessage(code, shape);
        code.Open($"public static void WriteProto({WriterState}, {shape.TypeName} value)");
        ObjectCode.Nest(code, recursive);
        code.Line("var type = value.GetType();");
        foreach (var @case in union.Cases)
        {
            code.Open($"if (type == typeof({@case.Shape.TypeName}))");
            code.Line($"state.WriteMessage<{@case.Shape.TypeName}>({@case.Key + 1}, {Codec}.Message, ({@case.Shape.TypeName})value, {@case.Shape.HelperName}.Proto);");
            code.Line("return;");
            code.Close();
            code.Line();
        }

        code.Line($"throw {Values.Support}.NotAUnionCase({display}, type);");
        code.Close();
        code.Line();
        code.Open($"public static {shape.TypeName} ReadProto({ReaderState})");
        code.Line($"{shape.TypeName} result = null;");
        code.Line("int field;");
        code.Open("while ((field = state.ReadFieldHeader()) > 0)");
        code.Open("switch (field)");
        foreach (var @case in union.Cases)
        {
            code.Line($"case {@case.Key + 1}:");
            code.Indent();
            code.Line($"if (result is not null) throw new global::ProtoBuf.ProtoException(\"A \" + {display} + \" message holds more than one of its cases.\");");
            code.Line($"result = state.ReadMessage<{@case.Shape.TypeName}>(default, default, {@case.Shape.HelperName}.Proto);");
            code.Line("break;");
            code.Outdent();
        }

        code.Line("default:");
        code.Indent();
        code.Line($"throw {Values.Support}.UnknownUnionCase({display}, field - 1);");
        code.Outdent();
        code.Close();
        code.Close();
        code.Line();
        code.Line($"return result ?? throw new global::ProtoBuf.ProtoException(\"A \" + {display} + \" message holds none of its cases.\");");
        code.Close();
        code.Close();
    }

    private static void EmitHelper(CodeWriter code, ValueShape shape)
    {
        OpenMessage(code, shape);
        System.Action<CodeWriter, ValueShape> emit = shape.Kind switch
        {
            ShapeKind.Sequence => EmitSequence,
            ShapeKind.Dictionary => EmitDictionary,
            ShapeKind.MultiArray => EmitMultiArray,
            ShapeKind.Components => EmitComponents,
            ShapeKind.Primitive or ShapeKind.Enum or ShapeKind.EnumByName or ShapeKind.DateTime or ShapeKind.Bytes or ShapeKind.Scalar
                or ShapeKind.Custom or ShapeKind.Object or ShapeKind.Union or ShapeKind.Nullable => throw ObjectCode.NotEmittedHere(shape),
        };
        emit(code, shape);

        code.Close();
    }

    /// <summary>A collection on its own (an item of another, say) is a message holding its items as field 1.</summary>
    private static void EmitSequence(CodeWriter code, ValueShape shape)
    {
        var e = shape.Element!.TypeName;
        code.Line($"public static void WriteProto({WriterState}, {shape.TypeName} value) => WriteProtoItems(ref state, 1, value);");
        code.Line();
        code.Open($"public static {shape.TypeName} ReadProto({ReaderState})");
        code.Line($"var items = new {Generic}List<{e}>();");
        code.Line("int field;");
        code.Open("while ((field = state.ReadFieldHeader()) > 0)");
        code.Line("if (field == 1) ReadProtoItems(ref state, items); else state.SkipField();");
        code.Close();
        code.Line();
        code.Line("return FromItems(items);");
        code.Close();
        code.Line();
        code.Open($"public static void WriteProtoItems({WriterState}, int field, {shape.TypeName} value)");
        var items = shape.Float is not null && shape.Sequence!.Span is not null ? Values.ListSpan(shape, "value") : "value";
        WriteItems(code, shape, "field", items, spanFriendly: shape.Float is not null);
        code.Close();
        code.Line();
        code.Open($"public static void ReadProtoItems({ReaderState}, {Generic}List<{e}> items)");
        ReadItem(code, shape, "items");
        code.Close();
        EmitItemMessage(code, shape);
    }

    /// <summary>Writes the items of a collection as repeated field <paramref name="field"/>: numbers as one packed run.</summary>
    private static void WriteItems(CodeWriter code, ValueShape shape, string field, string items, bool spanFriendly)
    {
        var element = shape.Element!;
        if (WrapsItems(shape))
        {
            code.Open($"foreach (var item in {items})");
            code.Line($"state.WriteMessage<{Codec}.Item<{element.TypeName}>>({field}, {Codec}.Message, new(item), ItemMessage.Instance);");
            code.Close();
            return;
        }

        var scalar = ProtoScalars.Of(element);
        if (scalar is { Packing: not Packing.None } packed)
        {
            if (spanFriendly && element.TypeName is "float" or "double")
            {
                code.Line($"{Codec}.WritePacked(ref state, {field}, {items});");
                return;
            }

            code.Line($"var run = {Codec}.Packed();");
            code.Open($"foreach (var item in {items})");
            var raw = string.Format(packed.ToRaw, "item");
            code.Line(packed.Packing switch
            {
                Packing.Varint => $"run.Varint({raw});",
                Packing.Float => $"run.Fixed32((uint)global::System.BitConverter.SingleToInt32Bits({raw}));",
                Packing.Double => $"run.Fixed64((ulong)global::System.BitConverter.DoubleToInt64Bits({raw}));",
                _ => $"run.Fixed64({raw});",
            });
            code.Close();
            code.Line($"run.WriteTo(ref state, {field});");
            return;
        }

        code.Open($"foreach (var item in {items})");
        if (element.IsReferenceType)
        {
            code.Line($"if (item is null) {Values.Support}.ThrowMissing({Values.Literal(ObjectCode.Display(shape))}, \"[]\");");
        }

        WriteOne(code, element, field, "item");
        code.Close();
    }

    /// <summary>Adds the items of one occurrence of a repeated field (a packed run, or one item) to <paramref name="items"/>.</summary>
    private static void ReadItem(CodeWriter code, ValueShape shape, string items)
    {
        var element = shape.Element!;
        if (WrapsItems(shape))
        {
            code.Line($"{Values.Support}.AddItem({items}, state.ReadMessage<{Codec}.Item<{element.TypeName}>>(default, default, ItemMessage.Instance).Value);");
            return;
        }

        if (ProtoScalars.Of(element) is { Packing: not Packing.None } packed)
        {
            var read = packed.Packing switch
            {
                Packing.Varint => "ReadVarints",
                Packing.Float => "ReadSingles",
                Packing.Double => "ReadDoubles",
                _ => "ReadFixed64s",
            };
            if (packed.FromRaw == "{0}")
            {
                code.Line($"{Values.Support}.AddItems({items}, {Codec}.{read}(ref state));");
                return;
            }

            code.Open($"foreach (var raw in {Codec}.{read}(ref state))");
            code.Line($"{Values.Support}.AddItem({items}, {string.Format(packed.FromRaw, "raw")});");
            code.Close();
            return;
        }

        code.Line($"var item = {ReadOne(element)};");
        Values.CheckRead(code, element, shape.ElementAllowsNull, "item");
        code.Line($"{Values.Support}.AddItem({items}, item);");
    }

    /// <summary>For items that may be null: a message holding the item as field 1, or nothing for null.</summary>
    private static void EmitItemMessage(CodeWriter code, ValueShape shape)
    {
        if (!WrapsItems(shape))
        {
            return;
        }

        var element = shape.Element!;
        var inner = element.Kind == ShapeKind.Nullable ? element.Element! : element;
        var e = element.TypeName;
        var item = $"{Codec}.Item<{e}>";
        code.Line();
        code.Open($"private sealed class ItemMessage : {Serializer}<{item}>");
        code.Line("public static readonly ItemMessage Instance = new();");
        code.Line();
        code.Line($"public global::ProtoBuf.Serializers.SerializerFeatures Features => {Features};");
        code.Line();
        code.Open($"public void Write({WriterState}, {item} value)");
        code.Open("if (value.Value is { } item)");
        WriteOne(code, inner, "1", "item");
        code.Close();
        code.Close();
        code.Line();
        code.Open($"public {item} Read({ReaderState}, {item} value)");
        code.Line($"{e} result = default;");
        code.Line("var seen = false;");
        code.Line("int field;");
        code.Open("while ((field = state.ReadFieldHeader()) > 0)");
        code.Open("if (field != 1)");
        code.Line("state.SkipField();");
        code.Line("continue;");
        code.Close();
        code.Line();
        code.Line("if (seen) throw new global::ProtoBuf.ProtoException(\"An item's message holds the item twice.\");");
        code.Line($"result = {ReadOne(inner)};");
        code.Line("seen = true;");
        code.Close();
        code.Line();
        code.Line("return new(result);");
        code.Close();
        code.Close();
    }

    private static void EmitDictionary(CodeWriter code, ValueShape shape)
    {
        var key = shape.Key!;
        var element = shape.Element!;
        var pair = $"{Generic}KeyValuePair<{key.TypeName}, {element.TypeName}>";
        code.Line($$"""
            public static void WriteProto({{WriterState}}, {{shape.TypeName}} value) => WriteProtoItems(ref state, 1, value);

            public static {{shape.TypeName}} ReadProto({{ReaderState}})
            {
                var map = NewMap();
                int field;
                while ((field = state.ReadFieldHeader()) > 0)
                {
                    if (field == 1) ReadProtoEntry(ref state, map); else state.SkipField();
                }

                return {{Built(shape, "map")}};
            }

            public static void WriteProtoItems({{WriterState}}, int field, {{shape.TypeName}} value)
            {
                foreach (var pair in value)
                {
                    state.WriteMessage<{{pair}}>(field, {{Codec}}.Message, pair, EntryMessage.Instance);
                }
            }

            public static void ReadProtoEntry({{ReaderState}}, {{Builder(shape)}} map)
            {
                var pair = state.ReadMessage<{{pair}}>(default, default, EntryMessage.Instance);
                AddEntry(map, pair.Key, pair.Value);
            }

            """);

        // An entry: the key as field 1, the value as field 2 (absent for null).
        code.Open($"private sealed class EntryMessage : {Serializer}<{pair}>");
        code.Line("public static readonly EntryMessage Instance = new();");
        code.Line();
        code.Line($"public global::ProtoBuf.Serializers.SerializerFeatures Features => {Features};");
        code.Line();
        code.Open($"public void Write({WriterState}, {pair} value)");
        WriteOne(code, key, "1", "value.Key");
        if (element.IsReferenceType || element.Kind == ShapeKind.Nullable)
        {
            code.Open("if (value.Value is { } item)");
            WriteOne(code, element.Kind == ShapeKind.Nullable ? element.Element! : element, "2", "item");
            code.Close();
            if (ShapeFacts.RefusesNull(element, shape.ElementAllowsNull))
            {
                code.Line($"else {Values.Support}.ThrowMissing({Values.Literal(ObjectCode.Display(shape))}, \"[]\");");
            }
        }
        else
        {
            WriteOne(code, element, "2", "value.Value");
        }

        code.Close();
        code.Line();
        code.Line($$"""
            public {{pair}} Read({{ReaderState}}, {{pair}} value)
            {
                {{key.TypeName}} key = default;
                var hasKey = false;
                {{element.TypeName}} item = default;
                var hasItem = false;
                int field;
                try
                {
                    while ((field = state.ReadFieldHeader()) > 0)
                    {
                        switch (field)
                        {
                            case 1:
                                if (hasKey) throw new global::ProtoBuf.ProtoException("A map entry holds its key twice.");
                                key = {{ReadOne(key)}};
                                hasKey = true;
                                break;
                            case 2:
                                if (hasItem) throw new global::ProtoBuf.ProtoException("A map entry holds its value twice.");
                                item = {{ReadOne(element)}};
                                hasItem = true;
                                break;
                            default:
                                state.SkipField();
                                break;
                        }
                    }
                }
                catch (global::System.Exception e) when ({{Values.Support}}.TraceKey(e, key, hasKey))
                {
                    throw;
                }

                if ({{(key.IsReferenceType ? "!hasKey || key is null" : "!hasKey")}})
                {
                    throw new global::ProtoBuf.ProtoException("A map entry has no key.");
                }

            """);
        code.Indent();
        Values.CheckRead(code, element, shape.ElementAllowsNull, "item");
        code.Line($"return new {pair}(key, item);");
        code.Close();
        code.Close();
    }

    private static void EmitMultiArray(CodeWriter code, ValueShape shape)
    {
        var e = shape.Element!.TypeName;
        code.Open($"public static void WriteProto({WriterState}, {shape.TypeName} value)");
        code.Line($"var lengths = {Codec}.Packed();");
        for (var d = 0; d < shape.Rank; d++)
        {
            code.Line($"lengths.Varint((ulong)value.GetLength({d}));");
        }

        code.Line("lengths.WriteTo(ref state, 1);");
        code.Line($"var cells = {Xml.XmlEmitter.Cells(shape, "value")};");
        WriteItems(code, shape, "2", "cells", spanFriendly: true);
        code.Close();
        code.Line();
        code.Open($"public static {shape.TypeName} ReadProto({ReaderState})");
        code.Line($"var lengths = new {Generic}List<int>();");
        code.Line($"var items = new {Generic}List<{e}>();");
        code.Line("int field;");
        code.Open("while ((field = state.ReadFieldHeader()) > 0)");
        code.Open("switch (field)");
        code.Line("case 1:");
        code.Indent();
        code.Open($"foreach (var raw in {Codec}.ReadVarints(ref state))");
        code.Line($"{Values.Support}.AddItem(lengths, checked((int)raw));");
        code.Close();
        code.Line("break;");
        code.Outdent();
        code.Line("case 2:");
        code.Indent();
        code.Line("{");
        code.Indent();
        ReadItem(code, shape, "items");
        code.Close();
        code.Line("break;");
        code.Outdent();
        SkipOtherFields(code);
        code.Close();
        code.Close();
        code.Line();
        code.Line("return FromCells(lengths, items);");
        code.Close();
        EmitItemMessage(code, shape);
    }

    /// <summary>A tuple, pair or math type: its parts as fields 1, 2, ...; a part holding default(T) is left out.</summary>
    private static void EmitComponents(CodeWriter code, ValueShape shape)
    {
        var model = shape.Components!;
        code.Open($"public static void WriteProto({WriterState}, {shape.TypeName} value)");
        for (var i = 0; i < model.Items.Count; i++)
        {
            var part = model.Items[i];
            var field = (i + 1).ToString(System.Globalization.CultureInfo.InvariantCulture);
            var value = "value." + part.Accessor;
            if (part.Shape.Kind == ShapeKind.Nullable)
            {
                code.Open($"if ({value} is {{ }} c{i})");
                WriteOne(code, part.Shape.Element!, field, "c" + i);
                code.Close();
            }
            else if (part.Shape.IsReferenceType)
            {
                code.Line($"var c{i} = {value};");
                code.Open($"if (c{i} is not null)");
                WriteOne(code, part.Shape, field, "c" + i);
                code.Close();
                if (ShapeFacts.RefusesNull(part.Shape, part.AllowsNull))
                {
                    code.Line($"else {Values.Support}.ThrowMissing({Values.Literal(model.DisplayName)}, {Values.Literal(part.Accessor)});");
                }
            }
            else if (ProtoScalars.Of(part.Shape) is not null && part.Shape.Kind != ShapeKind.Custom)
            {
                code.Open($"if (!{Codec}.Same({value}, default({part.Shape.TypeName})))");
                WriteOne(code, part.Shape, field, value);
                code.Close();
            }
            else
            {
                WriteOne(code, part.Shape, field, value);
            }
        }

        code.Close();
        code.Line();
        code.Open($"public static {shape.TypeName} ReadProto({ReaderState})");
        for (var i = 0; i < model.Items.Count; i++)
        {
            code.Line($"{model.Items[i].Shape.TypeName} c{i} = default;");
        }

        ObjectCode.SeenLocals(code, model.Items.Count);
        code.Line("int field;");
        code.Open("while ((field = state.ReadFieldHeader()) > 0)");
        code.Open("switch (field)");
        for (var i = 0; i < model.Items.Count; i++)
        {
            code.Line($"case {i + 1}:");
            code.Indent();
            ObjectCode.RefuseSecond(code, model.DisplayName, model.Items[i].Accessor, i);
            code.Line($"c{i} = {ReadOne(model.Items[i].Shape)};");
            code.Line("break;");
            code.Outdent();
        }

        SkipOtherFields(code);
        code.Close();
        code.Close();
        code.Line();
        for (var i = 0; i < model.Items.Count; i++)
        {
            Values.CheckRead(code, model.Items[i].Shape, model.Items[i].AllowsNull, "c" + i);
        }

        code.Line($"return {ObjectCode.Construct(model)};");
        code.Close();
    }
}
