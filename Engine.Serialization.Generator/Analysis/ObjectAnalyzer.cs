using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace Engine.Serialization.Generator.Analysis;

/// <summary>
/// Decides which members of a <c>[MessagePackObject]</c> type are written, under which keys, in which order, and how
/// the type is created on reading: MessagePack-CSharp's rules for the same declaration, as its standard resolver
/// (DynamicObjectResolver) applies them, so the bytes are the same. Where those rules would lose a value silently
/// (a get-only member no constructor sets, a member hiding another) or the resolvers disagree, it reports instead.
/// </summary>
internal sealed class ObjectAnalyzer
{
    private const string KeyAttribute = "MessagePack.KeyAttribute";
    private const string IgnoreMemberAttribute = "MessagePack.IgnoreMemberAttribute";
    private const string IgnoreDataMemberAttribute = "System.Runtime.Serialization.IgnoreDataMemberAttribute";
    private const string NonSerializedAttribute = "System.NonSerializedAttribute";
    private const string DataMemberAttribute = "System.Runtime.Serialization.DataMemberAttribute";
    private const string SerializationConstructorAttribute = "MessagePack.SerializationConstructorAttribute";
    private const string SetsRequiredMembersAttribute = "System.Diagnostics.CodeAnalysis.SetsRequiredMembersAttribute";
    private const string CompilerGeneratedAttribute = "System.Runtime.CompilerServices.CompilerGeneratedAttribute";
    private const string CallbackReceiver = "MessagePack.IMessagePackSerializationCallbackReceiver";
    private const string FormerlySavedAsAttribute = "Engine.Serialization.FormerlySavedAsAttribute";

    private readonly ShapeBuilder _builder;

    public ObjectAnalyzer(ShapeBuilder builder) => this._builder = builder;

    private Compilation Compilation => _builder.Compilation;

    public ObjectModel? Analyze(INamedTypeSymbol type, ValueShape shape)
    {
        var display = type.ToDisplayString();
        var attribute = ShapeBuilder.FindMessagePackObject(type)!;
        var keyAsPropertyName = attribute.ConstructorArguments.FirstOrDefault().Value is true;
        var allowPrivate = attribute.NamedArguments.Any(n => n.Key == "AllowPrivate" && n.Value.Value is true);
        var errors = _builder.Diagnostics.Count;

        if (allowPrivate && type.Locations.All(l => !l.IsInSource))
        {
            Report(DiagnosticDescriptors.PrivateAccess, type, display, "", "AllowPrivate needs the type's source: declare the save model in the project that declares the type");
            return null;
        }

        var candidates = keyAsPropertyName ? MembersByName(type, allowPrivate, display) : MembersByKey(type, allowPrivate, display);
        if (candidates is null)
        {
            return null;
        }

        var (ctor, ctorArguments) = ChooseConstructor(type, candidates, allowPrivate, display);
        if (_builder.Diagnostics.Count > errors)
        {
            return null;
        }

        var members = new List<Candidate>();
        foreach (var candidate in candidates)
        {
            var restored = candidate.Writable || candidate.CtorParameter >= 0;
            if (!candidate.Readable)
            {
                Report(DiagnosticDescriptors.MemberNotRestored, candidate.Symbol, display, candidate.Symbol.Name,
                    "it can be set but not read, so it would never be written");
                continue;
            }

            if (!restored && IsStorage(candidate.Symbol))
            {
                Report(DiagnosticDescriptors.MemberNotRestored, candidate.Symbol, display, candidate.Symbol.Name, NotRestoredReason(candidate, keyAsPropertyName, allowPrivate));
                continue;
            }

            // MessagePack writes a computed member of an explicit-key type and skips it on reading; of a
            // keyAsPropertyName type it writes nothing.
            if (restored || !keyAsPropertyName)
            {
                members.Add(candidate);
            }
        }

        var formerKeys = FormerKeys(members, display);
        if (_builder.Diagnostics.Count > errors)
        {
            return null;
        }

        var accessors = new AccessorBuilder(type, Compilation);
        var models = new List<MemberModel>();
        for (var i = 0; i < members.Count; i++)
        {
            var member = members[i];
            var memberShape = _builder.MemberShape(member.Symbol, member.Type, $"'{display}.{member.Symbol.Name}'", ShapeBuilder.SourceLocation(member.Symbol));
            if (memberShape is null)
            {
                continue;
            }

            if (!accessors.TryAdd(member, i, out var get, out var set))
            {
                Report(DiagnosticDescriptors.PrivateAccess, member.Symbol, display, member.Symbol.Name,
                    "generated code reaches it through UnsafeAccessor, which can't reach a member of a generic base type");
                continue;
            }

            var (encoded, headerLength) = MessagePackKey.Encode(member.Key);
            var name = SyntaxFacts.GetKeywordKind(member.Symbol.Name) == SyntaxKind.None ? member.Symbol.Name : "@" + member.Symbol.Name;
            models.Add(new MemberModel(name, member.Key, new(encoded), headerLength, memberShape,
                ShapeBuilder.AllowsNull(member.Type, member.Annotation), get, member.CtorParameter >= 0 ? null : set, member.CtorParameter,
                member.Writable || member.CtorParameter >= 0, member.CtorParameter >= 0 ? null : ConstantDefault(member),
                member.Symbol is IPropertySymbol property && Emit.Tracking.TrackedProperty.IsImplementedHere(property),
                new(formerKeys[i])));
        }

        var create = CreateExpression(type, ctor, accessors);
        var holder = accessors.Build();
        if (holder is not null && accessors.SharedTypeParameterName is { } shared)
        {
            Report(DiagnosticDescriptors.PrivateAccess, type, display, "its members C# can't set directly",
                $"generated code reaches them through UnsafeAccessor, from a class declaring the type's type parameters, and two of them are named '{shared}': rename one");
        }

        if (_builder.Diagnostics.Count > errors || models.Count != members.Count)
        {
            return null;
        }

        var receiver = type.AllInterfaces.Any(i => i.ToDisplayString() == CallbackReceiver);
        return new ObjectModel(
            shape,
            display,
            type.IsValueType,
            EmptyAsArray: !keyAsPropertyName && models.Count == 0,
            new(models),
            new(ctorArguments.Select(c => members.IndexOf(c))),
            create,
            receiver ? Callback(type, "OnBeforeSerialize") : null,
            receiver ? Callback(type, "OnAfterDeserialize") : null,
            holder,
            Tracked: models.Any(m => m.Tracked));
    }

    /// <summary>
    /// Each member's earlier keys (<c>[FormerlySavedAs]</c>), in declaration order. A saved key must name one member, so
    /// an earlier key may be no member's key and no other member's earlier key (EGEN021).
    /// </summary>
    private List<List<string>> FormerKeys(List<Candidate> members, string display)
    {
        var result = new List<List<string>>();
        var owners = new Dictionary<string, string>(System.StringComparer.Ordinal);
        foreach (var member in members)
        {
            owners[member.Key] = member.Symbol.Name;
        }

        var formerOwners = new Dictionary<string, string>(System.StringComparer.Ordinal);
        foreach (var member in members)
        {
            var keys = new List<string>();
            foreach (var attribute in member.Symbol.GetAttributes().Where(a => ShapeBuilder.IsAttribute(a, FormerlySavedAsAttribute)))
            {
                var key = attribute.ConstructorArguments.FirstOrDefault().Value as string;
                (string What, string Fix)? problem = key switch
                {
                    null or "" => ("the key is empty", "name the key the member was saved under"),
                    _ when key == member.Key => ("that is the member's own key", "remove the attribute"),
                    _ when keys.Contains(key) => ("it names that key twice", "remove one of the two"),
                    _ when owners.TryGetValue(key, out var owner) => ($"'{key}' is the key of member '{owner}', so a load could not tell whose value a saved '{key}' is",
                        "a key that has shipped in saves keeps meaning one member: give the other member another key, or remove the attribute"),
                    _ when formerOwners.TryGetValue(key, out var owner) => ($"member '{owner}' was formerly saved as '{key}' too, so a load could not tell whose value a saved '{key}' is",
                        "keep the attribute only on the member that holds the value saved under that key"),
                    _ => null,
                };
                if (problem is { } clash)
                {
                    Report(DiagnosticDescriptors.FormerKeyClash, member.Symbol, display, member.Symbol.Name, key ?? "", clash.What, clash.Fix);
                    continue;
                }

                keys.Add(key!);
                formerOwners[key!] = member.Symbol.Name;
            }

            result.Add(keys);
        }

        return result;
    }

    /// <summary>
    /// The member's initial value when its declaration gives a constant (<c>= 1f</c>, <c>= true</c>, <c>= "idle"</c>,
    /// <c>= Direction.South</c>): invariant text, an enum as its member's name. Null for anything else.
    /// </summary>
    private string? ConstantDefault(Candidate member)
    {
        foreach (var reference in member.Symbol.DeclaringSyntaxReferences)
        {
            var initializer = reference.GetSyntax() switch
            {
                Microsoft.CodeAnalysis.CSharp.Syntax.PropertyDeclarationSyntax property => property.Initializer?.Value,
                Microsoft.CodeAnalysis.CSharp.Syntax.VariableDeclaratorSyntax variable => variable.Initializer?.Value,
                _ => null,
            };
            if (initializer is null)
            {
                continue;
            }

            var constant = Compilation.GetSemanticModel(initializer.SyntaxTree).GetConstantValue(initializer);
            if (!constant.HasValue || constant.Value is null)
            {
                return null;
            }

            if (member.Type is INamedTypeSymbol { EnumUnderlyingType: not null } enumType)
            {
                return enumType.GetMembers().OfType<IFieldSymbol>().FirstOrDefault(f => f.IsConst && Equals(f.ConstantValue, constant.Value))?.Name;
            }

            return constant.Value switch
            {
                bool b => b ? "true" : "false",
                float f => f.ToString("R", System.Globalization.CultureInfo.InvariantCulture),
                double d => d.ToString("R", System.Globalization.CultureInfo.InvariantCulture),
                string text => text,
                _ => System.Convert.ToString(constant.Value, System.Globalization.CultureInfo.InvariantCulture),
            };
        }

        return null;
    }

    /// <summary>
    /// keyAsPropertyName: every member under its own name, base types first, each type's properties before its fields,
    /// as MessagePack's resolver finds them by reflection (an override once, where it is declared; a base type's private
    /// members never).
    /// </summary>
    private List<Candidate>? MembersByName(INamedTypeSymbol type, bool allowPrivate, string display)
    {
        var levels = Levels(type);
        var overridden = new HashSet<ISymbol>(SymbolEqualityComparer.Default);
        foreach (var property in levels.SelectMany(l => l.GetMembers().OfType<IPropertySymbol>()))
        {
            for (var p = property.OverriddenProperty; p is not null; p = p.OverriddenProperty)
            {
                overridden.Add(p.OriginalDefinition);
            }
        }

        var candidates = new List<Candidate>();
        var byName = new Dictionary<string, Candidate>();
        var ok = true;
        foreach (var level in levels)
        {
            var own = SymbolEqualityComparer.Default.Equals(level, type);
            foreach (var symbol in DataMembers(level).OrderBy(m => m is IFieldSymbol ? 1 : 0))
            {
                if ((!own && symbol.DeclaredAccessibility == Accessibility.Private) || overridden.Contains(symbol.OriginalDefinition))
                {
                    continue;
                }

                if (Candidate.Create(symbol, allowPrivate, symbol.Name) is not { } candidate)
                {
                    continue;
                }

                if (ShapeBuilder.HasAttribute(symbol, KeyAttribute))
                {
                    Report(DiagnosticDescriptors.KeyInMapMode, symbol, display, symbol.Name);
                    ok = false;
                    continue;
                }

                if (byName.TryGetValue(symbol.Name, out var hidden))
                {
                    Report(DiagnosticDescriptors.HiddenMember, symbol, display, symbol.Name, hidden.Symbol.ContainingType.ToDisplayString());
                    ok = false;
                    continue;
                }

                byName.Add(symbol.Name, candidate);
                candidates.Add(candidate);
            }
        }

        return ok ? OrderByDataMember(candidates) : null;
    }

    /// <summary>
    /// Explicit keys: every property of the hierarchy (base types first), then every field, each needing a string
    /// [Key]; an override keeps its base declaration's place and key.
    /// </summary>
    private List<Candidate>? MembersByKey(INamedTypeSymbol type, bool allowPrivate, string display)
    {
        var levels = Levels(type);
        var ordered = levels.SelectMany(l => DataMembers(l).OfType<IPropertySymbol>())
            .Concat<ISymbol>(levels.SelectMany(l => DataMembers(l).OfType<IFieldSymbol>()));
        var candidates = new List<Candidate>();
        var byKey = new Dictionary<string, Candidate>();
        var ok = true;
        foreach (var symbol in ordered)
        {
            var keyAttribute = KeyOf(symbol);
            if (symbol is IPropertySymbol { IsOverride: true } property && property.OverriddenProperty is { } baseProperty)
            {
                // Read through the base declaration's virtual accessor; only a key of its own would write it twice.
                if (keyAttribute is { } own && !SameKey(own, KeyOf(baseProperty)))
                {
                    Report(DiagnosticDescriptors.HiddenMember, symbol, display, symbol.Name, baseProperty.ContainingType.ToDisplayString());
                    ok = false;
                }

                continue;
            }

            var key = keyAttribute?.ConstructorArguments.FirstOrDefault().Value;
            var candidate = Candidate.Create(symbol, allowPrivate, key as string ?? symbol.Name);
            if (candidate is null)
            {
                if (keyAttribute is not null)
                {
                    Report(DiagnosticDescriptors.NonPublicKey, symbol, display, symbol.Name);
                    ok = false;
                }

                continue;
            }

            if (keyAttribute is null)
            {
                Report(DiagnosticDescriptors.MissingKey, symbol, display, symbol.Name);
                ok = false;
                continue;
            }

            if (key is not string)
            {
                Report(DiagnosticDescriptors.IntegerKey, symbol, display, symbol.Name);
                ok = false;
                continue;
            }

            if (byKey.TryGetValue(candidate.Key, out var other))
            {
                Report(DiagnosticDescriptors.DuplicateKey, symbol, display, candidate.Key, other.Symbol.Name, symbol.Name);
                ok = false;
                continue;
            }

            byKey.Add(candidate.Key, candidate);
            candidates.Add(candidate);
        }

        // A member hiding another (`new`) is read and written through a cast to its own declaring type.
        foreach (var candidate in candidates)
        {
            candidate.NeedsCast = candidates.Any(c => c != candidate && c.Symbol.Name == candidate.Symbol.Name)
                && !SymbolEqualityComparer.Default.Equals(candidate.Symbol.ContainingType, type);
        }

        return ok ? OrderByDataMember(candidates) : null;
    }

    /// <summary>
    /// The constructor MessagePack's resolver reads with: the [SerializationConstructor] one, else the public one (any,
    /// with AllowPrivate) with the most parameters whose every parameter matches a member, by key then by name,
    /// ignoring case, of a type the member's value converts to by reference or boxing. None for a struct without constructors.
    /// </summary>
    private (IMethodSymbol? Constructor, List<Candidate> Arguments) ChooseConstructor(
        INamedTypeSymbol type, List<Candidate> members, bool allowPrivate, string display)
    {
        var declared = type.InstanceConstructors.Where(c => !c.IsImplicitlyDeclared || !type.IsValueType).ToList();
        var marked = declared.Where(c => ShapeBuilder.HasAttribute(c, SerializationConstructorAttribute)).ToList();
        if (marked.Count > 0)
        {
            if (Match(marked[0], members, out var arguments, out var problem))
            {
                return (marked[0], arguments);
            }

            Report(DiagnosticDescriptors.NoConstructor, marked[0], display, $"its [SerializationConstructor] {problem}");
            return (null, []);
        }

        var usable = declared
            .Where(c => allowPrivate || c.DeclaredAccessibility == Accessibility.Public)
            .OrderByDescending(c => c.Parameters.Length)
            .ToList();
        foreach (var ctor in usable)
        {
            if (Match(ctor, members, out var arguments, out _))
            {
                return (ctor, arguments);
            }
        }

        if (type.IsValueType && declared.Count == 0)
        {
            return (null, []);
        }

        Report(DiagnosticDescriptors.NoConstructor, type, display, usable.Count == 0
            ? "it has no public constructor"
            : "none of its public constructors has parameters that all match members by name");
        return (null, []);
    }

    private bool Match(IMethodSymbol ctor, List<Candidate> members, out List<Candidate> arguments, out string problem)
    {
        arguments = new List<Candidate>();
        problem = string.Empty;
        foreach (var parameter in ctor.Parameters)
        {
            var member = members.FirstOrDefault(m => string.Equals(m.Key, parameter.Name, System.StringComparison.OrdinalIgnoreCase))
                ?? members.FirstOrDefault(m => string.Equals(m.Symbol.Name, parameter.Name, System.StringComparison.OrdinalIgnoreCase));
            if (member is null || !member.Readable)
            {
                problem = $"has a parameter '{parameter.Name}' that matches no member";
                return false;
            }

            var conversion = Compilation.ClassifyConversion(member.Type, parameter.Type);
            if (!(conversion.IsIdentity || (conversion.IsImplicit && (conversion.IsReference || conversion.IsBoxing))))
            {
                problem = $"takes '{parameter.Name}' as {parameter.Type.ToDisplayString()}, which the member's {member.Type.ToDisplayString()} is not";
                return false;
            }

            arguments.Add(member);
        }

        for (var i = 0; i < arguments.Count; i++)
        {
            arguments[i].CtorParameter = i;
        }

        foreach (var member in members.Except(arguments))
        {
            member.CtorParameter = -1;
        }

        return true;
    }

    /// <summary>
    /// <c>new global::T</c>; <c>Access.Create</c> when C# can't call the constructor (private, or the type has
    /// required members: MessagePack sets them only when the save has them); null for <c>default(T)</c>.
    /// </summary>
    private string? CreateExpression(INamedTypeSymbol type, IMethodSymbol? ctor, AccessorBuilder accessors)
    {
        if (ctor is null || (type.IsValueType && ctor.Parameters.Length == 0))
        {
            return null;
        }

        var hasRequired = type.GetMembers().Any(m => m is IPropertySymbol { IsRequired: true } or IFieldSymbol { IsRequired: true })
            || Levels(type).Any(l => l.GetMembers().Any(m => m is IPropertySymbol { IsRequired: true } or IFieldSymbol { IsRequired: true }));
        var setsRequired = ShapeBuilder.HasAttribute(ctor, SetsRequiredMembersAttribute);
        if (Compilation.IsSymbolAccessibleWithin(ctor, Compilation.Assembly) && (!hasRequired || setsRequired))
        {
            return "new " + TypeNames.Plain(type);
        }

        return accessors.AddConstructor(ctor);
    }

    /// <summary>The callback as MessagePack calls it: directly when the type has one method of that name, else through the interface.</summary>
    private string Callback(INamedTypeSymbol type, string method)
    {
        var direct = type.GetMembers(method).OfType<IMethodSymbol>().ToList();
        return direct.Count == 1 && direct[0].Parameters.Length == 0 && Compilation.IsSymbolAccessibleWithin(direct[0], Compilation.Assembly)
            ? "{0}." + method + "()"
            : "((global::MessagePack.IMessagePackSerializationCallbackReceiver){0})." + method + "()";
    }

    private string NotRestoredReason(Candidate candidate, bool keyAsPropertyName, bool allowPrivate)
    {
        var where = keyAsPropertyName ? "MessagePack-CSharp leaves it out" : "MessagePack-CSharp writes it but never reads it back";
        return candidate.Symbol switch
        {
            IPropertySymbol { SetMethod: not null } when !allowPrivate =>
                $"its setter is not public, so {where}: make the setter public or init, set AllowPrivate = true, or mark it [IgnoreMember]",
            IFieldSymbol { IsReadOnly: true } =>
                $"it is readonly and no constructor parameter takes it, so {where}: add a constructor parameter named after it, or mark it [IgnoreMember]",
            _ => $"it is get-only and no constructor parameter takes it, so {where}: add an init accessor or a constructor parameter named after it, or mark it [IgnoreMember]",
        };
    }

    /// <summary>Whether a member holds state of its own (a field, an auto-property), rather than computing a value.</summary>
    private static bool IsStorage(ISymbol member) => member switch
    {
        IFieldSymbol => true,
        IPropertySymbol property => property.SetMethod is not null
            || property.ContainingType.GetMembers().OfType<IFieldSymbol>().Any(f => SymbolEqualityComparer.Default.Equals(f.AssociatedSymbol, property))
            || (property.GetMethod is { } getter && ShapeBuilder.HasAttribute(getter, CompilerGeneratedAttribute)),
        _ => false,
    };

    /// <summary>The type and its base types, base-most first, short of object and ValueType.</summary>
    private static List<INamedTypeSymbol> Levels(INamedTypeSymbol type)
    {
        var levels = new List<INamedTypeSymbol>();
        for (var current = type; current is not null && current.SpecialType is not (SpecialType.System_Object or SpecialType.System_ValueType); current = current.BaseType)
        {
            levels.Insert(0, current);
        }

        return levels;
    }

    /// <summary>A type's own instance fields and properties, in declaration order, without ignored or compiler-made ones.</summary>
    private static IEnumerable<ISymbol> DataMembers(INamedTypeSymbol type) =>
        type.GetMembers().Where(m =>
            !m.IsStatic
            && !m.IsImplicitlyDeclared
            && m is IFieldSymbol or IPropertySymbol { IsIndexer: false }
            && !(type.IsRecord && m.Name == "EqualityContract")
            && !ShapeBuilder.HasAttribute(m, IgnoreMemberAttribute)
            && !ShapeBuilder.HasAttribute(m, IgnoreDataMemberAttribute)
            && !ShapeBuilder.HasAttribute(m, NonSerializedAttribute));

    /// <summary>MessagePack puts members with [DataMember] first, by their Order (-1 when unset), keeping the rest in place.</summary>
    private static List<Candidate> OrderByDataMember(List<Candidate> candidates) =>
        candidates
            .Select((c, i) => (c, i))
            .OrderBy(x => x.c.Symbol.GetAttributes().FirstOrDefault(a => ShapeBuilder.IsAttribute(a, DataMemberAttribute)) is { } dataMember
                ? dataMember.NamedArguments.FirstOrDefault(n => n.Key == "Order").Value.Value as int? ?? -1
                : int.MaxValue)
            .ThenBy(x => x.i)
            .Select(x => x.c)
            .ToList();

    private static AttributeData? KeyOf(ISymbol symbol) => symbol.GetAttributes().FirstOrDefault(a => ShapeBuilder.IsAttribute(a, KeyAttribute));

    private static bool SameKey(AttributeData a, AttributeData? b) =>
        b is not null && Equals(a.ConstructorArguments.FirstOrDefault().Value, b.ConstructorArguments.FirstOrDefault().Value);

    private void Report(DiagnosticDescriptor descriptor, ISymbol at, params string[] arguments) =>
        _builder.Report(descriptor, ShapeBuilder.SourceLocation(at), arguments);
}

/// <summary>One member as MessagePack's resolver sees it, while the object is being analyzed.</summary>
internal sealed class Candidate
{
    private Candidate(ISymbol symbol, ITypeSymbol type, NullableAnnotation annotation, string key, bool readable, bool writable)
    {
        Symbol = symbol;
        Type = type;
        Annotation = annotation;
        Key = key;
        Readable = readable;
        Writable = writable;
    }

    public ISymbol Symbol { get; }

    public ITypeSymbol Type { get; }

    public NullableAnnotation Annotation { get; }

    public string Key { get; }

    /// <summary>Whether MessagePack can read the member's value from an object (to write it).</summary>
    public bool Readable { get; }

    /// <summary>Whether MessagePack can set it after construction (init accessors count).</summary>
    public bool Writable { get; }

    public int CtorParameter { get; set; } = -1;

    /// <summary>Whether it hides, or is hidden by, a member of the same name: reached through a cast to its declaring type.</summary>
    public bool NeedsCast { get; set; }

    /// <summary>The member as MessagePack's resolver filters it, or null when it never takes part.</summary>
    public static Candidate? Create(ISymbol symbol, bool allowPrivate, string key)
    {
        var (readable, writable, type, annotation) = symbol switch
        {
            IPropertySymbol p => (
                p.GetMethod is { } get && (allowPrivate || get.DeclaredAccessibility == Accessibility.Public),
                p.SetMethod is { } set && (allowPrivate || set.DeclaredAccessibility == Accessibility.Public),
                p.Type,
                p.NullableAnnotation),
            IFieldSymbol f => (
                allowPrivate || f.DeclaredAccessibility == Accessibility.Public,
                allowPrivate || (f.DeclaredAccessibility == Accessibility.Public && !f.IsReadOnly),
                f.Type,
                f.NullableAnnotation),
            _ => (false, false, null!, NullableAnnotation.None),
        };

        return readable || writable ? new Candidate(symbol, type, annotation, key, readable, writable) : null;
    }
}
