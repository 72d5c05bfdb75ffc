using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace Engine.Serialization.Generator;

/// <summary>
/// Walks the type graph from the resolver's roots and decides, for every reachable type, which formatter serves it.
/// Works on symbols only, because the roots usually come from a referenced assembly's metadata.
/// </summary>
internal sealed class TypeGraphWalker
{
    private const string MessagePackObjectAttribute = "MessagePack.MessagePackObjectAttribute";
    private const string KeyAttribute = "MessagePack.KeyAttribute";
    private const string IgnoreMemberAttribute = "MessagePack.IgnoreMemberAttribute";
    private const string UnionAttribute = "MessagePack.UnionAttribute";
    private const string Formatters = "global::MessagePack.Formatters.";

    private readonly Compilation compilation;
    private readonly LocationInfo? fallbackLocation;
    private readonly INamedTypeSymbol? listType;
    private readonly INamedTypeSymbol? dictionaryType;
    private readonly HashSet<ITypeSymbol> seen = new(SymbolEqualityComparer.Default);
    // Via names what led to the type (for messages); At is where it was used, if that is in source.
    private readonly Queue<(ITypeSymbol Type, string Via, Location? At)> pending = new();
    private readonly HashSet<string> formatterNames = new();
    private readonly List<LookupEntry> entries = new();
    private readonly List<ObjectFormatterModel> objects = new();
    private readonly List<DiagnosticInfo> diagnostics = new();

    public TypeGraphWalker(Compilation compilation, LocationInfo? fallbackLocation)
    {
        this.compilation = compilation;
        this.fallbackLocation = fallbackLocation;
        listType = compilation.GetTypeByMetadataName("System.Collections.Generic.List`1");
        dictionaryType = compilation.GetTypeByMetadataName("System.Collections.Generic.Dictionary`2");
    }

    public IReadOnlyList<LookupEntry> Entries => entries;

    public IReadOnlyList<ObjectFormatterModel> Objects => objects;

    public IReadOnlyList<DiagnosticInfo> Diagnostics => diagnostics;

    public void Walk(IEnumerable<ITypeSymbol> roots)
    {
        foreach (var root in roots)
        {
            pending.Enqueue((root, "a resolver root", null));
        }

        while (pending.Count > 0)
        {
            var (type, via, at) = pending.Dequeue();
            if (seen.Add(type))
            {
                Visit(type, via, at);
            }
        }
    }

    private void Report(DiagnosticDescriptor descriptor, Location? location, params string[] arguments) =>
        diagnostics.Add(DiagnosticInfo.Create(descriptor, LocationInfo.From(location) ?? fallbackLocation, arguments));

    private void Visit(ITypeSymbol type, string via, Location? at)
    {
        if (type.TypeKind == TypeKind.Error || KnownTypes.IsBuiltin(type))
        {
            return;
        }

        var name = TypeNames.Plain(type);
        var display = type.ToDisplayString();
        if (IsOpen(type))
        {
            Report(DiagnosticDescriptors.UnsupportedType, at, display, via);
            return;
        }

        if (type is IArrayTypeSymbol array)
        {
            if (array.IsSZArray)
            {
                AddEntry(type, $"new {Formatters}ArrayFormatter<{TypeNames.Plain(array.ElementType)}>()");
                pending.Enqueue((array.ElementType, via, at));
                return;
            }
        }
        else if (type is INamedTypeSymbol named)
        {
            if (!compilation.IsSymbolAccessibleWithin(named, compilation.Assembly) || IsFileLocal(named))
            {
                Report(DiagnosticDescriptors.InaccessibleType, at ?? SourceLocation(named), display, via);
                return;
            }

            if (named.TypeKind == TypeKind.Enum)
            {
                AddEntry(type, $"new {Formatters}GenericEnumFormatter<{name}>()");
                return;
            }

            if (TryVisitGeneric(named, via, at))
            {
                return;
            }

            if (HasAttribute(named, UnionAttribute) || named.TypeKind == TypeKind.Interface || named.IsAbstract)
            {
                Report(DiagnosticDescriptors.PolymorphicType, at ?? SourceLocation(named), display, via);
                return;
            }

            if (HasAttribute(named, MessagePackObjectAttribute))
            {
                VisitObject(named);
                return;
            }
        }

        Report(DiagnosticDescriptors.UnsupportedType, at ?? SourceLocation(type), display, via);
    }

    private bool TryVisitGeneric(INamedTypeSymbol named, string via, Location? at)
    {
        var definition = named.OriginalDefinition;
        string? creation = null;
        if (definition.SpecialType == SpecialType.System_Nullable_T)
        {
            creation = "NullableFormatter";
        }
        else if (SymbolEqualityComparer.Default.Equals(definition, listType))
        {
            creation = "ListFormatter";
        }
        else if (SymbolEqualityComparer.Default.Equals(definition, dictionaryType))
        {
            creation = "DictionaryFormatter";
        }

        if (creation is null)
        {
            return false;
        }

        var arguments = string.Join(", ", named.TypeArguments.Select(TypeNames.Plain));
        AddEntry(named, $"new {Formatters}{creation}<{arguments}>()");
        foreach (var argument in named.TypeArguments)
        {
            pending.Enqueue((argument, via, at));
        }

        return true;
    }

    private void VisitObject(INamedTypeSymbol type)
    {
        var typeName = TypeNames.Plain(type);
        var display = type.ToDisplayString();
        var canEmit = true;
        if (type.TypeKind == TypeKind.Class
            && !type.InstanceConstructors.Any(c => c.Parameters.Length == 0 && c.DeclaredAccessibility == Accessibility.Public))
        {
            Report(DiagnosticDescriptors.NoParameterlessConstructor, SourceLocation(type), display);
            canEmit = false;
        }

        var keyAsPropertyName = type.GetAttributes()
            .First(a => IsAttribute(a, MessagePackObjectAttribute))
            .ConstructorArguments.FirstOrDefault().Value is true;

        var members = new List<MemberModel>();
        var keys = new Dictionary<string, string>();
        foreach (var member in DataMembers(type))
        {
            canEmit &= TryAddMember(type, display, member, keyAsPropertyName, keys, members);
        }

        if (!canEmit)
        {
            return;
        }

        var formatterName = TypeNames.Identifier(type) + "Formatter";
        for (var i = 2; !formatterNames.Add(formatterName); i++)
        {
            formatterName = TypeNames.Identifier(type) + "Formatter" + i;
        }

        objects.Add(new ObjectFormatterModel(typeName, formatterName, type.IsValueType, new EquatableArray<MemberModel>(members)));
        entries.Add(new LookupEntry(typeName, $"new {formatterName}()"));
    }

    /// <summary>Adds the member's model if it is serialized; false after reporting why the member makes its type unusable.</summary>
    private bool TryAddMember(
        INamedTypeSymbol type,
        string display,
        ISymbol member,
        bool keyAsPropertyName,
        Dictionary<string, string> keys,
        List<MemberModel> members)
    {
        if (HasAttribute(member, IgnoreMemberAttribute))
        {
            return true;
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
                return false;
            }

            key = explicitKey;
        }
        else if (!isPublic)
        {
            return true;
        }
        else if (keyAsPropertyName)
        {
            key = member.Name;
        }
        else
        {
            Report(DiagnosticDescriptors.MissingKey, location, display, member.Name);
            return false;
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
            return false;
        }

        if (keys.TryGetValue(key, out var other))
        {
            Report(DiagnosticDescriptors.DuplicateKey, location, display, key, other, member.Name);
            return false;
        }

        keys.Add(key, member.Name);
        pending.Enqueue((memberType, $"'{display}.{member.Name}'", location));

        var (encoded, headerLength) = MessagePackKey.Encode(key);
        var name = SyntaxFacts.GetKeywordKind(member.Name) == SyntaxKind.None ? member.Name : "@" + member.Name;
        var typeText = TypeNames.WithAnnotations(memberType);
        MemberModel model;
        if (KnownTypes.PrimitiveReadMethod(memberType) is { } read)
        {
            model = new MemberModel(name, key, new(encoded), headerLength, typeText, MemberKind.Primitive, read, null);
        }
        else if (memberType is INamedTypeSymbol { EnumUnderlyingType: { } underlying })
        {
            model = new MemberModel(
                name, key, new(encoded), headerLength, typeText, MemberKind.Enum, KnownTypes.PrimitiveReadMethod(underlying), TypeNames.Plain(underlying));
        }
        else
        {
            model = new MemberModel(name, key, new(encoded), headerLength, typeText, MemberKind.Formatter, null, null);
        }

        members.Add(model);
        return true;
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
