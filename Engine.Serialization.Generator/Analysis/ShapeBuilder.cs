using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;

namespace Engine.Serialization.Generator.Analysis;

/// <summary>
/// Walks the type graph from the roots and decides, for every reachable type, how the generated code writes, reads,
/// copies and checks it (its <see cref="ValueShape"/>). Works on symbols only, because model types often come from a
/// referenced assembly's metadata. Whatever it can't handle exactly as MessagePack-CSharp would is a diagnostic.
/// </summary>
internal sealed class ShapeBuilder
{
    public const string MessagePackObjectAttribute = "MessagePack.MessagePackObjectAttribute";
    public const string FormatterAttribute = "MessagePack.MessagePackFormatterAttribute";
    private const string UnionAttribute = "MessagePack.UnionAttribute";
    private const string KnownFormatterAttribute = "MessagePack.MessagePackKnownFormatterAttribute";
    private const string EnumAsStringFormatter = "MessagePack.Formatters.EnumAsStringFormatter<T>";
    private const string FlagsAttribute = "System.FlagsAttribute";
    private const string AllowUndefinedValuesAttribute = "Engine.Serialization.AllowUndefinedValuesAttribute";
    private const string EnumMemberAttribute = "System.Runtime.Serialization.EnumMemberAttribute";
    private const string ResistantComparer = "global::MessagePack.MessagePackSecurity.UntrustedData.GetEqualityComparer";

    private static readonly FloatEncoding Float32 = new("Singles");
    private static readonly FloatEncoding Float64 = new("Doubles");

    private readonly Compilation _compilation;
    private readonly LocationInfo? _fallbackLocation;
    private readonly bool _enumsAsStrings;

    // Whether values an enum does not declare are refused (a save model's, unless the enum is [AllowUndefinedValues]);
    // a MessagePack resolver keeps them, as MessagePack-CSharp's formatters do.
    private readonly bool _checksEnums;
    private readonly Dictionary<string, INamedTypeSymbol?> _types = new();
    private readonly Dictionary<ITypeSymbol, string> _knownFormatters = new(SymbolEqualityComparer.Default);

    // Each type's shape once decided (null: it can't be handled, and that was reported). Keyed with nested nullability,
    // so List<string> and List<string?> check their elements differently.
    private readonly Dictionary<ITypeSymbol, ValueShape?> _shapes = new(SymbolEqualityComparer.IncludeNullability);
    private readonly Queue<(INamedTypeSymbol Type, ValueShape Shape)> _pendingObjects = new();
    private readonly Queue<(INamedTypeSymbol Type, ValueShape Shape)> _pendingUnions = new();
    private readonly HashSet<string> _helperNames = new();
    private readonly List<LookupEntry> _entries = new();
    private readonly List<ObjectModel> _objects = new();
    private readonly List<UnionModel> _unions = new();
    private readonly List<ValueShape> _helpers = new();
    private readonly List<ValueShape> _checkedEnums = new();
    private readonly List<DiagnosticInfo> _diagnostics = new();

    public ShapeBuilder(Compilation compilation, LocationInfo? fallbackLocation, bool enumsAsStrings, bool checksEnums)
    {
        this._compilation = compilation;
        this._fallbackLocation = fallbackLocation;
        this._enumsAsStrings = enumsAsStrings;
        this._checksEnums = checksEnums;
        foreach (var attribute in compilation.Assembly.GetAttributes().Where(a => IsAttribute(a, KnownFormatterAttribute)))
        {
            if (attribute.ConstructorArguments.FirstOrDefault().Value is INamedTypeSymbol formatter)
            {
                foreach (var served in FormattedTypes(formatter))
                {
                    _knownFormatters[served] = FormatterInstance(formatter, [], typeLevel: false) ?? "new " + TypeNames.Plain(formatter) + "()";
                }
            }
        }
    }

    public Compilation Compilation => _compilation;

    public IReadOnlyList<LookupEntry> Entries => _entries;

    public IReadOnlyList<ObjectModel> Objects => _objects;

    public IReadOnlyList<UnionModel> Unions => _unions;

    /// <summary>The shapes with a nested class of their own that are not objects or unions.</summary>
    public IReadOnlyList<ValueShape> Helpers => _helpers;

    /// <summary>The enums whose values are checked at save and at load (all but [AllowUndefinedValues] ones), each once.</summary>
    public IReadOnlyList<ValueShape> CheckedEnums => _checkedEnums;

    public IReadOnlyList<DiagnosticInfo> Diagnostics => _diagnostics;

    /// <summary>The root's shape, or null (reported) when it can't be one.</summary>
    public ValueShape? Root(ITypeSymbol type, string via, Location? at) => ShapeOf(type, via, at);

    /// <summary>Visits every object and union the roots reach; call once the roots are in.</summary>
    public void Complete()
    {
        var analyzer = new ObjectAnalyzer(this);
        while (_pendingObjects.Count > 0 || _pendingUnions.Count > 0)
        {
            while (_pendingObjects.Count > 0)
            {
                var (type, shape) = _pendingObjects.Dequeue();
                if (analyzer.Analyze(type, shape) is { } model)
                {
                    _objects.Add(model);
                    _entries.Add(new LookupEntry(shape.TypeName, $"new {shape.HelperName}()"));
                }
            }

            while (_pendingUnions.Count > 0)
            {
                var (type, shape) = _pendingUnions.Dequeue();
                VisitUnion(type, shape);
            }
        }
    }

    public void Report(DiagnosticDescriptor descriptor, Location? location, params string[] arguments) =>
        _diagnostics.Add(DiagnosticInfo.Create(descriptor, LocationInfo.From(location) ?? _fallbackLocation, arguments));

    /// <summary>The shape of a member's value: its own [MessagePackFormatter] if it has one, else its type's.</summary>
    public ValueShape? MemberShape(ISymbol member, ITypeSymbol type, string via, Location? at)
    {
        var attribute = member.GetAttributes().FirstOrDefault(a => IsAttribute(a, FormatterAttribute));
        return attribute is null ? ShapeOf(type, via, at) : CustomShape(type, attribute, via, at, typeLevel: false);
    }

    /// <summary>Whether the model allows null in a place of this type and annotation (nullable or oblivious reference types).</summary>
    public static bool AllowsNull(ITypeSymbol type, NullableAnnotation annotation) =>
        type.IsReferenceType && annotation != NullableAnnotation.NotAnnotated;

    public ValueShape? ShapeOf(ITypeSymbol type, string via, Location? at)
    {
        // The place's own nullability is the member's business; nested nullability is the shape's.
        var key = type.WithNullableAnnotation(NullableAnnotation.None);
        if (!_shapes.TryGetValue(key, out var shape))
        {
            _shapes.Add(key, null);
            shape = CreateShape(key, via, at);
            _shapes[key] = shape;
        }

        return shape;
    }

    private ValueShape? CreateShape(ITypeSymbol type, string via, Location? at)
    {
        if (type.TypeKind == TypeKind.Error)
        {
            return null;
        }

        var name = TypeNames.Plain(type);
        var display = type.ToDisplayString();
        if (IsOpen(type))
        {
            return Unsupported(type, via, at);
        }

        if (type.GetAttributes().FirstOrDefault(a => IsAttribute(a, FormatterAttribute)) is { } typeFormatter)
        {
            return CustomShape(type, typeFormatter, via, at, typeLevel: true);
        }

        if (_knownFormatters.TryGetValue(type, out var known))
        {
            return AddHelper(new ValueShape(ShapeKind.Custom, name, type.IsReferenceType, HelperName(type), Formatter: known, SchemaName: SchemaNames.Of(type)), entry: true);
        }

        if (WellKnownTypes.PrimitiveReadMethod(type) is { } read)
        {
            return new ValueShape(ShapeKind.Primitive, name, type.IsReferenceType, ReadMethod: read, SchemaName: SchemaNames.Of(type));
        }

        if (type is IArrayTypeSymbol array)
        {
            return ArrayShape(array, via, at);
        }

        if (type is not INamedTypeSymbol named)
        {
            return Unsupported(type, via, at);
        }

        if (!_compilation.IsSymbolAccessibleWithin(named, _compilation.Assembly) || IsFileLocal(named))
        {
            Report(DiagnosticDescriptors.InaccessibleType, at ?? SourceLocation(named), display, via);
            return null;
        }

        if (named.SpecialType == SpecialType.System_DateTime)
        {
            return new ValueShape(ShapeKind.DateTime, name, false, SchemaName: SchemaNames.Of(named));
        }

        if (named.EnumUnderlyingType is { } underlying)
        {
            return _enumsAsStrings ? EnumByName(named) : NumericEnum(named, underlying);
        }

        if (WellKnownTypes.ScalarFormatter(named) is { } scalar)
        {
            return new ValueShape(ShapeKind.Scalar, name, named.IsReferenceType, Formatter: scalar, SchemaName: SchemaNames.Of(named));
        }

        if (WellKnownTypes.MathType(named) is { } math)
        {
            var part = new ValueShape(ShapeKind.Primitive, math.PartType, false, ReadMethod: math.PartType == "float" ? "ReadSingle" : "ReadDouble", SchemaName: math.PartType);
            var parts = math.Parts.Select(p => new Component(p, part, false));
            return AddHelper(new ValueShape(ShapeKind.Components, name, false, HelperName(type),
                Components: new ComponentsModel(named.Name, math.Construct, new(parts), DepthStep: false), SchemaName: SchemaNames.Of(type)), entry: true);
        }

        if (named.IsGenericType && GenericShape(named, via, at) is var (handled, generic) && handled)
        {
            return generic;
        }

        if (HasAttribute(named, UnionAttribute))
        {
            if (named.TypeKind != TypeKind.Interface && !named.IsAbstract)
            {
                Report(DiagnosticDescriptors.InvalidUnion, at ?? SourceLocation(named), display, "[Union] belongs on an abstract class or an interface");
                return null;
            }

            var union = new ValueShape(ShapeKind.Union, name, true, HelperName(type), SchemaName: SchemaNames.Of(type));
            _pendingUnions.Enqueue((named, union));
            return union;
        }

        if (named.TypeKind == TypeKind.Interface || named.IsAbstract)
        {
            Report(DiagnosticDescriptors.AbstractWithoutUnion, at ?? SourceLocation(named), display, via);
            return null;
        }

        if (FindMessagePackObject(named) is not null)
        {
            var shape = new ValueShape(ShapeKind.Object, name, named.IsReferenceType, HelperName(type), SchemaName: SchemaNames.Of(type));
            _pendingObjects.Enqueue((named, shape));
            return shape;
        }

        return Unsupported(type, via, at);
    }

    private ValueShape? ArrayShape(IArrayTypeSymbol array, string via, Location? at)
    {
        var name = TypeNames.Plain(array);
        if (array.IsSZArray && array.ElementType.SpecialType == SpecialType.System_Byte)
        {
            return AddHelper(new ValueShape(ShapeKind.Bytes, name, true, HelperName(array), SchemaName: SchemaNames.Of(array)), entry: false);
        }

        if (!array.IsSZArray && array.Rank > 4)
        {
            return Unsupported(array, via, at);
        }

        if (ShapeOf(array.ElementType, via, at) is not { } element)
        {
            return null;
        }

        var allowsNull = AllowsNull(array.ElementType, array.ElementNullableAnnotation);
        var bulk = FloatOf(element);
        return array.IsSZArray
            ? AddHelper(new ValueShape(ShapeKind.Sequence, name, true, HelperName(array), Element: element, ElementAllowsNull: allowsNull,
                Sequence: CollectionKinds.Array, Float: bulk, SchemaName: SchemaNames.Of(array)), entry: true)
            : AddHelper(new ValueShape(ShapeKind.MultiArray, name, true, HelperName(array), Element: element, ElementAllowsNull: allowsNull,
                Float: bulk, Rank: array.Rank, SchemaName: SchemaNames.Of(array)), entry: true);
    }

    /// <summary>The shape of a generic BCL type the generator knows; (false, null) when it is not one of them.</summary>
    private (bool Handled, ValueShape? Shape) GenericShape(INamedTypeSymbol named, string via, Location? at)
    {
        var definition = named.OriginalDefinition;
        var arguments = named.TypeArguments;
        var annotations = named.TypeArgumentNullableAnnotations;
        if (definition.SpecialType == SpecialType.System_Nullable_T)
        {
            return (true, ShapeOf(arguments[0], via, at) is { } inner
                ? AddHelper(new ValueShape(ShapeKind.Nullable, TypeNames.Plain(named), false, HelperName(named), Element: inner, SchemaName: SchemaNames.Of(named)), entry: true)
                : null);
        }

        var definitionName = definition.ToDisplayString();
        if (CollectionKinds.Sequences.TryGetValue(definitionName, out var sequence))
        {
            if (ShapeOf(arguments[0], via, at) is not { } element || !KeysAllowed(sequence.Keys, arguments[0], named, via, at, out var comparer))
            {
                return (true, null);
            }

            return (true, AddHelper(new ValueShape(ShapeKind.Sequence, TypeNames.Plain(named), named.IsReferenceType, HelperName(named),
                Element: element, ElementAllowsNull: AllowsNull(arguments[0], annotations[0]), Sequence: sequence, Comparer: comparer,
                Float: sequence.BulkFloats ? FloatOf(element) : null, SchemaName: SchemaNames.Of(named)), entry: true));
        }

        if (CollectionKinds.Dictionaries.TryGetValue(definitionName, out var dictionary))
        {
            if (ShapeOf(arguments[0], via, at) is not { } key || ShapeOf(arguments[1], via, at) is not { } value)
            {
                return (true, null);
            }

            return (true, KeysAllowed(dictionary.Keys, arguments[0], named, via, at, out var comparer)
                ? AddHelper(new ValueShape(ShapeKind.Dictionary, TypeNames.Plain(named), named.IsReferenceType, HelperName(named), Element: value,
                    ElementAllowsNull: AllowsNull(arguments[1], annotations[1]), Key: key, Dictionary: dictionary, Comparer: comparer, SchemaName: SchemaNames.Of(named)), entry: true)
                : null);
        }

        if (definitionName == "System.Collections.Generic.KeyValuePair<TKey, TValue>")
        {
            return (true, TupleShape(named, ["Key", "Value"], "KeyValuePair", via, at));
        }

        if (definition.ContainingNamespace?.ToDisplayString() == "System" && definition.Name is "ValueTuple" or "Tuple")
        {
            var parts = Enumerable.Range(1, arguments.Length).Select(i => i == 8 ? "Rest" : "Item" + i).ToArray();
            return (true, TupleShape(named, parts, definition.Name, via, at));
        }

        return (false, null);
    }

    /// <summary>A pair or tuple: its parts in order, built with its constructor.</summary>
    private ValueShape? TupleShape(INamedTypeSymbol named, string[] parts, string displayName, string via, Location? at)
    {
        var components = new List<Component>();
        for (var i = 0; i < parts.Length; i++)
        {
            if (ShapeOf(named.TypeArguments[i], via, at) is not { } part)
            {
                return null;
            }

            components.Add(new Component(parts[i], part, AllowsNull(named.TypeArguments[i], named.TypeArgumentNullableAnnotations[i])));
        }

        // C# spells a value tuple type with parentheses, which `new` can't take: its type arguments are spelled out.
        var arguments = "(" + string.Join(", ", parts.Select((_, i) => "{" + i + "}")) + ")";
        var construct = named.IsTupleType || displayName == "ValueTuple"
            ? $"new global::System.ValueTuple<{string.Join(", ", named.TypeArguments.Select(TypeNames.Plain))}>{arguments}"
            : "new " + TypeNames.Plain(named) + arguments;
        return AddHelper(new ValueShape(ShapeKind.Components, TypeNames.Plain(named), named.IsReferenceType, HelperName(named),
            Components: new ComponentsModel(displayName, construct, new(components), DepthStep: true), SchemaName: SchemaNames.Of(named)), entry: true);
    }

    private ValueShape NumericEnum(INamedTypeSymbol type, INamedTypeSymbol underlying)
    {
        var name = TypeNames.Plain(type);
        _entries.Add(new LookupEntry(name, $"new global::MessagePack.Formatters.GenericEnumFormatter<{name}>()"));
        return CheckEnum(new ValueShape(ShapeKind.Enum, name, false, ReadMethod: WellKnownTypes.PrimitiveReadMethod(underlying), EnumUnderlyingType: TypeNames.Plain(underlying),
            Names: EnumNames(type), SchemaName: SchemaNames.Of(type)));
    }

    /// <summary>An enum written by name (MessagePack's EnumAsStringFormatter encoding).</summary>
    private ValueShape EnumByName(INamedTypeSymbol type) =>
        CheckEnum(AddHelper(new ValueShape(ShapeKind.EnumByName, TypeNames.Plain(type), false, HelperName(type) + "ByName", Names: EnumNames(type),
            SchemaName: SchemaNames.Of(type)), entry: true));

    private ValueShape CheckEnum(ValueShape shape)
    {
        if (!shape.Names!.KeepsUndefined && !_checkedEnums.Any(e => e.TypeName == shape.TypeName))
        {
            _checkedEnums.Add(shape);
        }

        return shape;
    }

    /// <summary>An enum's names: the EnumMember value where one is set, else the C# name; the last of several members with one value names it.</summary>
    private EnumNamesModel EnumNames(INamedTypeSymbol type)
    {
        var fields = type.GetMembers().OfType<IFieldSymbol>().Where(f => f.IsConst && f.HasConstantValue).ToList();
        var names = new List<EnumName>();
        var renamed = false;
        for (var i = 0; i < fields.Count; i++)
        {
            var field = fields[i];
            var written = field.GetAttributes().FirstOrDefault(a => IsAttribute(a, EnumMemberAttribute))?
                .NamedArguments.FirstOrDefault(n => n.Key == "Value").Value.Value as string;
            renamed |= written is not null;
            var last = !fields.Skip(i + 1).Any(f => Equals(f.ConstantValue, field.ConstantValue));
            var value = System.Convert.ToString(field.ConstantValue, System.Globalization.CultureInfo.InvariantCulture) ?? "0";
            names.Add(new EnumName(field.Name, written ?? field.Name, last, value));
        }

        return new EnumNamesModel(new(names), HasAttribute(type, FlagsAttribute), renamed, !_checksEnums || HasAttribute(type, AllowUndefinedValuesAttribute));
    }

    /// <summary>A custom formatter's shape, or an enum by name when the formatter is MessagePack's EnumAsStringFormatter.</summary>
    private ValueShape? CustomShape(ITypeSymbol type, AttributeData attribute, string via, Location? at, bool typeLevel)
    {
        var location = at ?? SourceLocation(type);
        if (attribute.ConstructorArguments.FirstOrDefault().Value is not INamedTypeSymbol formatter)
        {
            Report(DiagnosticDescriptors.InvalidFormatter, location, "?", type.ToDisplayString(), "the attribute names no formatter type");
            return null;
        }

        if (formatter.OriginalDefinition.ToDisplayString() == EnumAsStringFormatter && type is INamedTypeSymbol { EnumUnderlyingType: not null } enumType)
        {
            return EnumByName(enumType);
        }

        if (!FormattedTypes(formatter).Any(t => SymbolEqualityComparer.Default.Equals(t, type.WithNullableAnnotation(NullableAnnotation.None))))
        {
            Report(DiagnosticDescriptors.InvalidFormatter, location, formatter.ToDisplayString(), type.ToDisplayString(),
                $"it does not implement IMessagePackFormatter<{type.ToDisplayString()}>");
            return null;
        }

        var arguments = attribute.ConstructorArguments.Length > 1 ? attribute.ConstructorArguments[1].Values : [];
        if (FormatterInstance(formatter, arguments, typeLevel) is not { } instance)
        {
            Report(DiagnosticDescriptors.InvalidFormatter, location, formatter.ToDisplayString(), type.ToDisplayString(),
                "it has neither a public static readonly Instance field nor a public constructor taking the attribute's arguments");
            return null;
        }

        var suffix = typeLevel ? string.Empty : "_" + TypeNames.Identifier(formatter);
        return AddHelper(new ValueShape(ShapeKind.Custom, TypeNames.Plain(type), type.IsReferenceType, HelperName(type) + suffix, Formatter: instance, SchemaName: SchemaNames.Of(type)),
            entry: typeLevel);
    }

    /// <summary>
    /// How MessagePack-CSharp creates a formatter: a member's prefers the Instance singleton, a type's a public
    /// parameterless constructor; with arguments, the constructor taking them. Null when there is no way.
    /// </summary>
    private static string? FormatterInstance(INamedTypeSymbol formatter, IEnumerable<TypedConstant> arguments, bool typeLevel)
    {
        var name = TypeNames.Plain(formatter);
        var args = arguments.ToList();
        var instance = formatter.GetMembers("Instance").OfType<IFieldSymbol>()
            .Any(f => f.IsStatic && f.DeclaredAccessibility == Accessibility.Public) ? name + ".Instance" : null;
        var constructor = formatter.InstanceConstructors.Any(c => c.DeclaredAccessibility == Accessibility.Public && c.Parameters.Length == args.Count)
            ? $"new {name}({string.Join(", ", args.Select(Literal))})"
            : null;
        return args.Count > 0 ? constructor : typeLevel ? constructor ?? instance : instance ?? constructor;
    }

    /// <summary>An attribute argument as C#: a constant, a typeof, or an array of them.</summary>
    private static string Literal(TypedConstant constant) => constant.Kind switch
    {
        TypedConstantKind.Type => $"typeof({TypeNames.Plain((ITypeSymbol)constant.Value!)})",
        TypedConstantKind.Array => $"new {TypeNames.Plain(constant.Type!)} {{ {string.Join(", ", constant.Values.Select(Literal))} }}",
        TypedConstantKind.Enum => $"({TypeNames.Plain(constant.Type!)}){Microsoft.CodeAnalysis.CSharp.SymbolDisplay.FormatPrimitive(constant.Value!, quoteStrings: false, useHexadecimalNumbers: false)}",
        _ when constant.IsNull => "null",
        _ => Microsoft.CodeAnalysis.CSharp.SymbolDisplay.FormatPrimitive(constant.Value!, quoteStrings: true, useHexadecimalNumbers: false),
    };

    private IEnumerable<ITypeSymbol> FormattedTypes(INamedTypeSymbol formatter) =>
        formatter.AllInterfaces
            .Where(i => i.OriginalDefinition.ToDisplayString() == "MessagePack.Formatters.IMessagePackFormatter<T>")
            .Select(i => i.TypeArguments[0].WithNullableAnnotation(NullableAnnotation.None));

    /// <summary>Whether a collection's keys (a set's items) allow what its kind needs; the comparer a hashed one is read with.</summary>
    private bool KeysAllowed(KeyRule rule, ITypeSymbol key, ITypeSymbol collection, string via, Location? at, out string? comparer)
    {
        comparer = null;
        return rule switch
        {
            KeyRule.None => true,
            KeyRule.Hashed => HashableKey(key, collection, via, at, out comparer),
            KeyRule.Ordered => Comparable(key, collection, via, at),
        };
    }

    /// <summary>Whether a set's or dictionary's keys can be read from untrusted data; the comparer to read them with.</summary>
    private bool HashableKey(ITypeSymbol key, ITypeSymbol collection, string via, Location? at, out string? comparer)
    {
        comparer = null;
        if (key.SpecialType == SpecialType.System_String)
        {
            return true;
        }

        if (WellKnownTypes.HasResistantComparer(key))
        {
            comparer = $"{ResistantComparer}<{TypeNames.Plain(key)}>()";
            return true;
        }

        Report(DiagnosticDescriptors.UnhashableKey, at ?? SourceLocation(collection), collection.ToDisplayString(), via, key.ToDisplayString());
        return false;
    }

    private bool Comparable(ITypeSymbol key, ITypeSymbol collection, string via, Location? at)
    {
        if (key.SpecialType == SpecialType.System_String || key.AllInterfaces.Any(i => i.OriginalDefinition.ToDisplayString() is "System.IComparable<T>" or "System.IComparable"))
        {
            return true;
        }

        Report(DiagnosticDescriptors.UnsupportedType, at ?? SourceLocation(collection), collection.ToDisplayString(), via,
            $"its key {key.ToDisplayString()} is not IComparable, so the sorted collection can't order it");
        return false;
    }

    private void VisitUnion(INamedTypeSymbol type, ValueShape shape)
    {
        var display = type.ToDisplayString();
        var cases = new List<UnionCase>();
        var keys = new HashSet<int>();
        var subtypes = new HashSet<ITypeSymbol>(SymbolEqualityComparer.Default);
        foreach (var attribute in type.GetAttributes().Where(a => IsAttribute(a, UnionAttribute)))
        {
            var location = attribute.ApplicationSyntaxReference?.GetSyntax().GetLocation() ?? SourceLocation(type);
            var arguments = attribute.ConstructorArguments;
            if (arguments.Length != 2 || arguments[0].Value is not int key || arguments[1].Value is not INamedTypeSymbol subtype)
            {
                Report(DiagnosticDescriptors.InvalidUnion, location, display, "each [Union] needs an integer key and a typeof(...) subtype, not a type name");
                continue;
            }

            if (!keys.Add(key) || !subtypes.Add(subtype))
            {
                Report(DiagnosticDescriptors.InvalidUnion, location, display, $"key {key} or {subtype.ToDisplayString()} appears twice");
                continue;
            }

            if (key < 0 || key >= 536870910 || (key >= 18999 && key <= 19998))
            {
                Report(DiagnosticDescriptors.InvalidUnion, location, display,
                    $"key {key} can't name a protobuf field (the field is key + 1): keys run from 0, and 18999 to 19998 would be protobuf's reserved numbers");
                continue;
            }

            if (!Derives(subtype, type))
            {
                Report(DiagnosticDescriptors.InvalidUnion, location, display, $"{subtype.ToDisplayString()} does not derive from it");
                continue;
            }

            if (ShapeOf(subtype, $"[Union({key})] of '{display}'", location) is { Kind: ShapeKind.Object } subshape)
            {
                cases.Add(new UnionCase(key, subshape));
            }
            else if (ShapeOf(subtype, display, location) is not null)
            {
                Report(DiagnosticDescriptors.InvalidUnion, location, display, $"{subtype.ToDisplayString()} must be a concrete [MessagePackObject] class or struct");
            }
        }

        foreach (var clash in cases.GroupBy(c => c.Shape.SchemaName).Where(g => g.Count() > 1))
        {
            Report(DiagnosticDescriptors.InvalidUnion, SourceLocation(type), display,
                $"its cases {string.Join(" and ", clash.Select(c => c.Shape.TypeName.Replace("global::", string.Empty)))} would share the XML element <{clash.Key}>: rename one of the types");
        }

        _unions.Add(new UnionModel(shape, display, new(cases.OrderBy(c => c.Key))));
        _entries.Add(new LookupEntry(shape.TypeName, $"new {shape.HelperName}()"));
    }

    private static bool Derives(INamedTypeSymbol subtype, INamedTypeSymbol baseType)
    {
        for (var current = subtype.BaseType; current is not null; current = current.BaseType)
        {
            if (SymbolEqualityComparer.Default.Equals(current, baseType))
            {
                return true;
            }
        }

        return subtype.AllInterfaces.Contains(baseType, SymbolEqualityComparer.Default);
    }

    private static FloatEncoding? FloatOf(ValueShape element) => element.TypeName switch
    {
        "float" => Float32,
        "double" => Float64,
        _ => null,
    };

    private ValueShape? Unsupported(ITypeSymbol type, string via, Location? at)
    {
        Report(DiagnosticDescriptors.UnsupportedType, at ?? SourceLocation(type), type.ToDisplayString(), via, WellKnownTypes.Supported);
        return null;
    }

    private ValueShape AddHelper(ValueShape shape, bool entry)
    {
        _helpers.Add(shape);
        if (entry)
        {
            _entries.Add(new LookupEntry(shape.TypeName, $"new {shape.HelperName}()"));
        }

        return shape;
    }

    /// <summary>The name of the nested class that holds the type's code: unique within the generated class.</summary>
    private string HelperName(ITypeSymbol type)
    {
        var name = TypeNames.Identifier(type) + "Formatter";
        for (var i = 2; !_helperNames.Add(name); i++)
        {
            name = TypeNames.Identifier(type) + "Formatter" + i;
        }

        return name;
    }

    /// <summary>The [MessagePackObject] on the type or, as MessagePack's attribute is inherited, on its nearest base.</summary>
    public static AttributeData? FindMessagePackObject(INamedTypeSymbol type)
    {
        for (var current = type; current is not null; current = current.BaseType)
        {
            if (current.GetAttributes().FirstOrDefault(a => IsAttribute(a, MessagePackObjectAttribute)) is { } attribute)
            {
                return attribute;
            }
        }

        return null;
    }

    /// <summary>Whether the type still has type parameters (List&lt;T&gt;, Box&lt;&gt;) rather than being one closed type.</summary>
    public static bool IsOpen(ITypeSymbol type) => type switch
    {
        ITypeParameterSymbol => true,
        IArrayTypeSymbol array => IsOpen(array.ElementType),
        INamedTypeSymbol named => named.IsUnboundGenericType
            || named.TypeArguments.Any(IsOpen)
            || (named.ContainingType is { } outer && IsOpen(outer)),
        _ => false,
    };

    // Generated code lives in its own file, so it cannot name `file` types either.
    private static bool IsFileLocal(INamedTypeSymbol type) =>
        type.IsFileLocal || (type.ContainingType is { } outer && IsFileLocal(outer));

    public static bool HasAttribute(ISymbol symbol, string metadataName) =>
        symbol.GetAttributes().Any(a => IsAttribute(a, metadataName));

    public static bool IsAttribute(AttributeData attribute, string metadataName) =>
        attribute.AttributeClass?.ToDisplayString() == metadataName;

    public static Location? SourceLocation(ISymbol symbol) => symbol.Locations.FirstOrDefault(l => l.IsInSource);
}
