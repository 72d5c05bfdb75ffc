using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace Engine.Serialization.Generator.Analysis;

/// <summary>
/// How generated code reaches one object's members and constructor: by name where C# allows it, else through
/// UnsafeAccessor externs (private and init-only members, readonly fields, private constructors, constructors of types
/// with required members), which work the same under JIT and NativeAOT. A generic type's externs live in a class with
/// the type's own type parameters and their constraints, as UnsafeAccessor requires and so that it may name the type.
/// </summary>
internal sealed class AccessorBuilder
{
    private const string Attribute = "[global::System.Runtime.CompilerServices.UnsafeAccessor(global::System.Runtime.CompilerServices.UnsafeAccessorKind.";

    private readonly INamedTypeSymbol _type;
    private readonly Compilation _compilation;
    private readonly List<string> _declarations = new();
    private readonly string _className;
    private readonly string _typeParameters;
    private readonly string _constraints;
    private readonly string _callee;

    public AccessorBuilder(INamedTypeSymbol type, Compilation compilation)
    {
        this._type = type;
        this._compilation = compilation;
        var definition = type.OriginalDefinition;
        var parameters = Chain(definition).SelectMany(t => t.TypeParameters).ToList();
        var arguments = Chain(type).SelectMany(t => t.TypeArguments).Select(TypeNames.Plain).ToList();
        _className = "Access_" + TypeNames.Identifier(type);
        _typeParameters = parameters.Count == 0 ? string.Empty : "<" + string.Join(", ", parameters.Select(p => p.Name)) + ">";
        _constraints = string.Concat(parameters.Select(Constraints));
        SharedTypeParameterName = parameters.GroupBy(p => p.Name).FirstOrDefault(g => g.Count() > 1)?.Key;
        _callee = _className + (arguments.Count == 0 ? string.Empty : "<" + string.Join(", ", arguments) + ">");
    }

    /// <summary>
    /// A name two of the type's type parameters share (an inner type's hides an outer type's, as in
    /// <c>Outer&lt;T&gt;.Inner&lt;T&gt;</c>), or null: the holder, which declares them all, can't be written then.
    /// </summary>
    public string? SharedTypeParameterName { get; }

    /// <summary>The Get and Set formats of a member (see <see cref="MemberModel"/>); false when UnsafeAccessor can't reach it.</summary>
    public bool TryAdd(Candidate member, int index, out string get, out string? set)
    {
        var symbol = member.Symbol;
        var self = _type.IsValueType ? "ref {0}" : "{0}";
        var name = SyntaxFacts.GetKeywordKind(symbol.Name) == SyntaxKind.None ? symbol.Name : "@" + symbol.Name;
        var direct = (member.NeedsCast ? $"(({TypeNames.Plain(symbol.ContainingType)}){{0}})" : "{0}") + "." + name;
        get = direct;
        set = null;
        var reachable = Reachable(symbol.ContainingType);
        switch (symbol)
        {
            case IPropertySymbol property:
                if (property.GetMethod is { } getter && !Accessible(getter))
                {
                    if (!reachable)
                    {
                        return false;
                    }

                    Declare($"{Attribute}Method, Name = \"{getter.MetadataName}\")] public static extern {DefinitionType(property)} Get{index}({This(symbol)} obj);");
                    get = $"{_callee}.Get{index}({self})";
                }

                if (property.SetMethod is { } setter)
                {
                    if (Accessible(setter) && !setter.IsInitOnly)
                    {
                        set = direct + " = {1};";
                    }
                    else if (reachable)
                    {
                        Declare($"{Attribute}Method, Name = \"{setter.MetadataName}\")] public static extern void Set{index}({This(symbol)} obj, {DefinitionType(property)} value);");
                        set = $"{_callee}.Set{index}({self}, {{1}});";
                    }
                    else
                    {
                        return false;
                    }
                }

                return true;
            case IFieldSymbol field:
                if (Accessible(field) && !field.IsReadOnly)
                {
                    set = direct + " = {1};";
                    return true;
                }

                if (!reachable)
                {
                    return false;
                }

                Declare($"{Attribute}Field, Name = \"{field.MetadataName}\")] public static extern ref {DefinitionType(field)} Field{index}({This(symbol)} obj);");
                if (!Accessible(field))
                {
                    get = $"{_callee}.Field{index}({self})";
                }

                set = $"{_callee}.Field{index}({self}) = {{1}};";
                return true;
            default:
                return false;
        }
    }

    /// <summary>The callee creating the type through its constructor.</summary>
    public string AddConstructor(IMethodSymbol ctor)
    {
        var parameters = ctor.OriginalDefinition.Parameters.Select((p, i) => $"{TypeNames.Plain(p.Type)} p{i}");
        Declare($"{Attribute}Constructor)] public static extern {TypeNames.Plain(_type.OriginalDefinition)} Create({string.Join(", ", parameters)});");
        return _callee + ".Create";
    }

    public AccessorClass? Build() => _declarations.Count == 0 ? null : new AccessorClass(_className, _typeParameters, _constraints, new(_declarations));

    private void Declare(string declaration) => _declarations.Add(declaration);

    private bool Accessible(ISymbol symbol) => _compilation.IsSymbolAccessibleWithin(symbol, _compilation.Assembly);

    /// <summary>UnsafeAccessor reaches members of the type itself, and of non-generic base types.</summary>
    private bool Reachable(INamedTypeSymbol declaring) =>
        SymbolEqualityComparer.Default.Equals(declaring.OriginalDefinition, _type.OriginalDefinition)
        || !Chain(declaring).Any(t => t.IsGenericType);

    /// <summary>The extern's first parameter: the declaring type (the definition, for the type itself), by ref for a struct.</summary>
    private string This(ISymbol member)
    {
        var declaring = SymbolEqualityComparer.Default.Equals(member.ContainingType.OriginalDefinition, _type.OriginalDefinition)
            ? _type.OriginalDefinition
            : member.ContainingType;
        return (_type.IsValueType ? "ref " : string.Empty) + TypeNames.Plain(declaring);
    }

    private static string DefinitionType(ISymbol member) => member.OriginalDefinition switch
    {
        IPropertySymbol p => TypeNames.Plain(p.Type),
        IFieldSymbol f => TypeNames.Plain(f.Type),
        _ => "object",
    };

    /// <summary>
    /// The parameter's where clause as declared (empty when it has none), in C#'s order: the primary constraint, the
    /// types, new(), allows ref struct. Nullable annotations are kept; the holder is declared where they are allowed.
    /// </summary>
    private static string Constraints(ITypeParameterSymbol parameter)
    {
        var constraints = new List<string>();
        if (parameter.HasReferenceTypeConstraint)
        {
            constraints.Add(parameter.ReferenceTypeConstraintNullableAnnotation == NullableAnnotation.Annotated ? "class?" : "class");
        }
        else if (parameter.HasUnmanagedTypeConstraint)
        {
            constraints.Add("unmanaged");
        }
        else if (parameter.HasValueTypeConstraint)
        {
            constraints.Add("struct");
        }
        else if (parameter.HasNotNullConstraint)
        {
            constraints.Add("notnull");
        }

        constraints.AddRange(parameter.ConstraintTypes.Select((type, i) =>
            TypeNames.WithAnnotations(type.WithNullableAnnotation(parameter.ConstraintNullableAnnotations[i]))));
        if (parameter.HasConstructorConstraint)
        {
            constraints.Add("new()");
        }

        if (parameter.AllowsRefLikeType)
        {
            constraints.Add("allows ref struct");
        }

        return constraints.Count == 0 ? string.Empty : $" where {parameter.Name} : {string.Join(", ", constraints)}";
    }

    /// <summary>The type and the types containing it, outermost first.</summary>
    private static IEnumerable<INamedTypeSymbol> Chain(INamedTypeSymbol type)
    {
        var chain = new List<INamedTypeSymbol>();
        for (var current = type; current is not null; current = current.ContainingType)
        {
            chain.Insert(0, current);
        }

        return chain;
    }
}
