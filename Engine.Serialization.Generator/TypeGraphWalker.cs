using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace Engine.Serialization.Generator;

/// <summary>
/// Walks the type graph from the resolver's roots and decides, for every reachable type, how the generated code writes
/// and reads it (its <see cref="ValueShape"/>), and which formatter the resolver serves for it.
/// Works on symbols only, because the roots usually come from a referenced assembly's metadata.
/// </summary>
internal sealed class TypeGraphWalker
{
    private const string MessagePackObjectAttribute = "MessagePack.MessagePackObjectAttribute";
    private const string KeyAttribute = "MessagePack.KeyAttribute";
    private const string IgnoreMemberAttribute = "MessagePack.IgnoreMemberAttribute";
    private const string UnionAttribute = "MessagePack.UnionAttribute";
    private const string Formatters = "global::MessagePack.Formatters.";

    private static readonly FloatEncoding Float32 = new("float", 0xCA, 5, "Single", "int", "Int32BitsToSingle", "SingleToInt32Bits");
    private static readonly FloatEncoding Float64 = new("double", 0xCB, 9, "Double", "long", "Int64BitsToDouble", "DoubleToInt64Bits");

    private readonly Compilation compilation;
    private readonly LocationInfo? fallbackLocation;
    private readonly INamedTypeSymbol? listType;
    private readonly INamedTypeSymbol? dictionaryType;
    private readonly INamedTypeSymbol? dateTimeType;
    // Each type's shape once decided (null: it can't be handled, and that was reported).
    private readonly Dictionary<ITypeSymbol, ValueShape?> shapes = new(SymbolEqualityComparer.Default);
    private readonly Queue<(INamedTypeSymbol Type, ValueShape Shape)> pendingObjects = new();
    private readonly HashSet<string> helperNames = new();
    private readonly List<ValueShape> roots = new();
    private readonly List<LookupEntry> entries = new();
    private readonly List<ObjectFormatterModel> objects = new();
    private readonly List<ValueShape> helpers = new();
    private readonly List<DiagnosticInfo> diagnostics = new();

    public TypeGraphWalker(Compilation compilation, LocationInfo? fallbackLocation)
    {
        this.compilation = compilation;
        this.fallbackLocation = fallbackLocation;
        listType = compilation.GetTypeByMetadataName("System.Collections.Generic.List`1");
        dictionaryType = compilation.GetTypeByMetadataName("System.Collections.Generic.Dictionary`2");
        dateTimeType = compilation.GetTypeByMetadataName("System.DateTime");
    }

    public IReadOnlyList<ValueShape> Roots => roots;

    public IReadOnlyList<LookupEntry> Entries => entries;

    public IReadOnlyList<ObjectFormatterModel> Objects => objects;

    /// <summary>The shapes with a nested class of their own that are not objects: nullables, arrays, lists, byte[].</summary>
    public IReadOnlyList<ValueShape> Helpers => helpers;

    public IReadOnlyList<DiagnosticInfo> Diagnostics => diagnostics;

    public void Walk(IEnumerable<ITypeSymbol> rootTypes)
    {
        foreach (var root in rootTypes)
        {
            if (ShapeOf(root, "a resolver root", null) is { } shape && !roots.Contains(shape))
            {
                roots.Add(shape);
            }
        }

        while (pendingObjects.Count > 0)
        {
            var (type, shape) = pendingObjects.Dequeue();
            VisitObject(type, shape);
        }
    }

    private void Report(DiagnosticDescriptor descriptor, Location? location, params string[] arguments) =>
        diagnostics.Add(DiagnosticInfo.Create(descriptor, LocationInfo.From(location) ?? fallbackLocation, arguments));

    private ValueShape? ShapeOf(ITypeSymbol type, string via, Location? at)
    {
        if (!shapes.TryGetValue(type, out var shape))
        {
            shape = CreateShape(type, via, at);
            shapes.Add(type, shape);
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
            Report(DiagnosticDescriptors.UnsupportedType, at, display, via);
            return null;
        }

        if (KnownTypes.PrimitiveReadMethod(type) is { } read)
        {
            return new ValueShape(ShapeKind.Primitive, name, type.IsReferenceType, ReadMethod: read);
        }

        if (type is IArrayTypeSymbol { IsSZArray: true } array)
        {
            if (array.ElementType.SpecialType == SpecialType.System_Byte)
            {
                return AddHelper(new ValueShape(ShapeKind.Bytes, name, true, HelperName(type)));
            }

            return ShapeOf(array.ElementType, via, at) is { } element
                ? AddCollection(type, ShapeKind.Array, element, $"ArrayFormatter<{element.TypeName}>")
                : null;
        }

        if (type is not INamedTypeSymbol named)
        {
            Report(DiagnosticDescriptors.UnsupportedType, at ?? SourceLocation(type), display, via);
            return null;
        }

        if (!compilation.IsSymbolAccessibleWithin(named, compilation.Assembly) || IsFileLocal(named))
        {
            Report(DiagnosticDescriptors.InaccessibleType, at ?? SourceLocation(named), display, via);
            return null;
        }

        if (SymbolEqualityComparer.Default.Equals(named, dateTimeType))
        {
            return new ValueShape(ShapeKind.DateTime, name, false);
        }

        if (named.EnumUnderlyingType is { } underlying)
        {
            AddEntry(type, $"new {Formatters}GenericEnumFormatter<{name}>()");
            return new ValueShape(ShapeKind.Enum, name, false, ReadMethod: KnownTypes.PrimitiveReadMethod(underlying), EnumUnderlyingType: TypeNames.Plain(underlying));
        }

        var definition = named.OriginalDefinition;
        if (definition.SpecialType == SpecialType.System_Nullable_T || SymbolEqualityComparer.Default.Equals(definition, listType))
        {
            var kind = definition.SpecialType == SpecialType.System_Nullable_T ? ShapeKind.Nullable : ShapeKind.List;
            var argument = named.TypeArguments[0];
            return ShapeOf(argument, via, at) is { } element
                ? AddCollection(type, kind, element, $"{(kind == ShapeKind.List ? "ListFormatter" : "NullableFormatter")}<{element.TypeName}>")
                : null;
        }

        if (SymbolEqualityComparer.Default.Equals(definition, dictionaryType))
        {
            Report(DiagnosticDescriptors.HashKeyedCollection, at ?? SourceLocation(type), display, via);
            return null;
        }

        if (HasAttribute(named, UnionAttribute) || named.TypeKind == TypeKind.Interface || named.IsAbstract)
        {
            Report(DiagnosticDescriptors.PolymorphicType, at ?? SourceLocation(named), display, via);
            return null;
        }

        if (HasAttribute(named, MessagePackObjectAttribute))
        {
            var shape = new ValueShape(ShapeKind.Object, name, named.IsReferenceType, HelperName(type));
            pendingObjects.Enqueue((named, shape));
            return shape;
        }

        Report(DiagnosticDescriptors.UnsupportedType, at ?? SourceLocation(type), display, via);
        return null;
    }

    /// <summary>A nullable, array or list shape, served to MessagePackSerializer by <paramref name="formatter"/> unless BuiltinResolver serves it.</summary>
    private ValueShape AddCollection(ITypeSymbol type, ShapeKind kind, ValueShape element, string formatter)
    {
        if (!KnownTypes.IsBuiltin(type))
        {
            AddEntry(type, $"new {Formatters}{formatter}()");
        }

        var bulk = kind != ShapeKind.Array ? null : element.TypeName switch
        {
            "float" => Float32,
            "double" => Float64,
            _ => null,
        };
        return AddHelper(new ValueShape(kind, TypeNames.Plain(type), type.IsReferenceType, HelperName(type), Element: element, Float: bulk));
    }

    private ValueShape AddHelper(ValueShape shape)
    {
        helpers.Add(shape);
        return shape;
    }

    /// <summary>The name of the nested class that holds the type's Write and Read: unique within the resolver.</summary>
    private string HelperName(ITypeSymbol type)
    {
        var name = TypeNames.Identifier(type) + "Formatter";
        for (var i = 2; !helperNames.Add(name); i++)
        {
            name = TypeNames.Identifier(type) + "Formatter" + i;
        }

        return name;
    }

    private void VisitObject(INamedTypeSymbol type, ValueShape shape)
    {
        var display = type.ToDisplayString();
        if (type.TypeKind == TypeKind.Class
            && !type.InstanceConstructors.Any(c => c.Parameters.Length == 0 && c.DeclaredAccessibility == Accessibility.Public))
        {
            Report(DiagnosticDescriptors.NoParameterlessConstructor, SourceLocation(type), display);
        }

        var keyAsPropertyName = type.GetAttributes()
            .First(a => IsAttribute(a, MessagePackObjectAttribute))
            .ConstructorArguments.FirstOrDefault().Value is true;

        var members = new List<MemberModel>();
        var keys = new Dictionary<string, string>();
        foreach (var member in DataMembers(type))
        {
            TryAddMember(type, display, member, keyAsPropertyName, keys, members);
        }

        objects.Add(new ObjectFormatterModel(shape, new EquatableArray<MemberModel>(members)));
        entries.Add(new LookupEntry(shape.TypeName, $"new {shape.HelperName}()"));
    }

    /// <summary>Adds the member's model if it is serialized and can be; otherwise reports why not, if that is the member's fault.</summary>
    private void TryAddMember(
        INamedTypeSymbol type,
        string display,
        ISymbol member,
        bool keyAsPropertyName,
        Dictionary<string, string> keys,
        List<MemberModel> members)
    {
        if (HasAttribute(member, IgnoreMemberAttribute))
        {
            return;
        }

        var location = SourceLocation(member) ?? SourceLocation(type);
        var isPublic = member.DeclaredAccessibility == Accessibility.Public;
        string key;
        var keyAttribute = member.GetAttributes().FirstOrDefault(a => IsAttribute(a, KeyAttribute));
        if (keyAttribute is not null)
        {
            if (keyAttribute.ConstructorArguments.FirstOrDefault().Value is not string explicitKey)
            {
                Report(DiagnosticDescriptors.IntegerKey, location, display, member.Name);
                return;
            }

            key = explicitKey;
        }
        else if (!isPublic)
        {
            return;
        }
        else if (keyAsPropertyName)
        {
            key = member.Name;
        }
        else
        {
            Report(DiagnosticDescriptors.MissingKey, location, display, member.Name);
            return;
        }

        var memberType = member switch
        {
            IFieldSymbol field when isPublic && !field.IsReadOnly => field.Type,
            IPropertySymbol property when IsPublicReadWrite(property) => property.Type,
            _ => null,
        };
        if (memberType is null)
        {
            Report(DiagnosticDescriptors.MemberNotReadWrite, location, display, member.Name);
            return;
        }

        if (keys.TryGetValue(key, out var other))
        {
            Report(DiagnosticDescriptors.DuplicateKey, location, display, key, other, member.Name);
            return;
        }

        keys.Add(key, member.Name);
        if (ShapeOf(memberType, $"'{display}.{member.Name}'", location) is not { } shape)
        {
            return;
        }

        var (encoded, headerLength) = MessagePackKey.Encode(key);
        var name = SyntaxFacts.GetKeywordKind(member.Name) == SyntaxKind.None ? member.Name : "@" + member.Name;
        members.Add(new MemberModel(name, key, new(encoded), headerLength, shape));
    }

    /// <summary>Instance fields and properties, base class first, in the order Roslyn lists them; an override or <c>new</c> member keeps its base slot.</summary>
    private static IEnumerable<ISymbol> DataMembers(INamedTypeSymbol type)
    {
        var chain = new Stack<INamedTypeSymbol>();
        for (var current = type; current is not null && current.SpecialType != SpecialType.System_Object; current = current.BaseType)
        {
            chain.Push(current);
        }

        var members = new List<ISymbol>();
        var slots = new Dictionary<string, int>();
        while (chain.Count > 0)
        {
            foreach (var member in chain.Pop().GetMembers())
            {
                if (member.IsStatic || member.IsImplicitlyDeclared || member is not (IFieldSymbol or IPropertySymbol { IsIndexer: false }))
                {
                    continue;
                }

                if (slots.TryGetValue(member.Name, out var slot))
                {
                    members[slot] = member;
                }
                else
                {
                    slots.Add(member.Name, members.Count);
                    members.Add(member);
                }
            }
        }

        return members;
    }

    private static bool IsPublicReadWrite(IPropertySymbol property) =>
        property.DeclaredAccessibility == Accessibility.Public
        && property.GetMethod is { DeclaredAccessibility: Accessibility.Public }
        && property.SetMethod is { DeclaredAccessibility: Accessibility.Public, IsInitOnly: false };

    private static bool IsOpen(ITypeSymbol type) => type switch
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

    private static bool HasAttribute(ISymbol symbol, string metadataName) =>
        symbol.GetAttributes().Any(a => IsAttribute(a, metadataName));

    private static bool IsAttribute(AttributeData attribute, string metadataName) =>
        attribute.AttributeClass?.ToDisplayString() == metadataName;

    private static Location? SourceLocation(ISymbol symbol) => symbol.Locations.FirstOrDefault(l => l.IsInSource);

    private void AddEntry(ITypeSymbol type, string creation) => entries.Add(new LookupEntry(TypeNames.Plain(type), creation));
}
