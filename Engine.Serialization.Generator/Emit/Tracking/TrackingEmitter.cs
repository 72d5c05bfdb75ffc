using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Engine.Serialization.Generator.Emit.Tracking;

/// <summary>
/// A tracked model type: a <c>partial</c> [MessagePackObject] type whose members are <c>partial</c> properties the game
/// declares (with their initializers) and this generator implements, each setter telling the save system of the change
/// (Engine.Serialization.Internal.ChangeTracking), so that a save skips what did not change instead of comparing it.
/// </summary>
/// <param name="HintName">The generated file's name.</param>
/// <param name="Namespace">The type's namespace, or null for the global one.</param>
/// <param name="Declarations">The partial declarations of the type and the types it is nested in, outermost first.</param>
/// <param name="Properties">The partial properties to implement.</param>
/// <param name="InheritsMark">Whether a base type already carries the change mark (it is tracked too): the type then stamps through it.</param>
internal sealed record TrackedType(string HintName, string? Namespace, EquatableArray<string> Declarations, EquatableArray<TrackedProperty> Properties, bool InheritsMark)
{
    /// <summary>The type's partial properties that nothing implements yet, or null when it has none (or is a struct: a copy would carry the marks).</summary>
    public static TrackedType? From(INamedTypeSymbol type, CancellationToken cancellationToken)
    {
        if (type.IsValueType)
        {
            return null;
        }

        var properties = type.GetMembers().OfType<IPropertySymbol>()
            .Where(TrackedProperty.IsImplementedHere)
            .Select(p => TrackedProperty.From(p, cancellationToken))
            .Where(p => p is not null)
            .Select(p => p!)
            .ToArray();
        if (properties.Length == 0)
        {
            return null;
        }

        var declarations = new System.Collections.Generic.List<string>();
        for (var t = type; t is not null; t = t.ContainingType)
        {
            declarations.Insert(0, Declaration(t));
        }

        var ns = type.ContainingNamespace.IsGlobalNamespace ? null : type.ContainingNamespace.ToDisplayString();
        var hint = type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat).Replace("global::", "").Replace('<', '{').Replace('>', '}') + ".Tracking.g.cs";
        var inheritsMark = false;
        for (var b = type.BaseType; b is not null && !inheritsMark; b = b.BaseType)
        {
            inheritsMark = IsTracked(b);
        }

        return new TrackedType(hint, ns, new(declarations), new(properties), inheritsMark);
    }

    /// <summary>Whether values of the type carry a change mark: it implements ITracked, or this generator makes it.</summary>
    public static bool IsTracked(ITypeSymbol type) =>
        type.AllInterfaces.Any(i => i.ToDisplayString() == "Engine.Serialization.Internal.ITracked")
        || type.GetMembers().OfType<IPropertySymbol>().Any(TrackedProperty.IsImplementedHere);

    private static string Declaration(INamedTypeSymbol type)
    {
        var kind = type.IsRecord ? "record" : "class";
        var parameters = type.TypeParameters.Length == 0 ? "" : "<" + string.Join(", ", type.TypeParameters.Select(p => p.Name)) + ">";
        return $"partial {kind} {type.Name}{parameters}";
    }
}

/// <summary>One partial property to implement: its declaration as the game wrote it, and whether its value may be tracked.</summary>
internal sealed record TrackedProperty(string Modifiers, string Type, string Name, EquatableArray<string> Accessors, bool MayHoldTracked)
{
    /// <summary>Whether this generator implements the property: a partial one of a class that nothing else implements.</summary>
    public static bool IsImplementedHere(IPropertySymbol property) =>
        property is { IsPartialDefinition: true, PartialImplementationPart: null, IsStatic: false, IsIndexer: false, ContainingType.IsValueType: false };

    public static TrackedProperty? From(IPropertySymbol property, CancellationToken cancellationToken)
    {
        if (property.DeclaringSyntaxReferences.FirstOrDefault()?.GetSyntax(cancellationToken) is not PropertyDeclarationSyntax syntax
            || syntax.AccessorList is null)
        {
            return null;
        }

        var modifiers = string.Join(" ", syntax.Modifiers.Where(m => !m.IsKind(SyntaxKind.PartialKeyword)).Select(m => m.Text));
        var type = property.Type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat
            .AddMiscellaneousOptions(SymbolDisplayMiscellaneousOptions.IncludeNullableReferenceTypeModifier));
        var accessors = syntax.AccessorList.Accessors
            .Select(a => string.Concat(a.Modifiers.Select(m => m.Text + " ")) + a.Keyword.Text)
            .ToArray();
        return new TrackedProperty(modifiers, type, property.Name, new(accessors), MayBeTracked(property.Type));
    }

    /// <summary>
    /// Whether a value of the type may be tracked, so that replacing it must drop its link: not for a value type, a
    /// string, or a sealed class that neither implements ITracked nor has partial properties this generator implements.
    /// </summary>
    private static bool MayBeTracked(ITypeSymbol type) =>
        !type.IsValueType && type.SpecialType != SpecialType.System_String && (!type.IsSealed || TrackedType.IsTracked(type));
}

/// <summary>Writes the implementing half of a tracked model type: its change mark and its partial properties.</summary>
internal static class TrackingEmitter
{
    private const string Tracking = "global::Engine.Serialization.Internal.ChangeTracking";
    private const string Mark = "global::Engine.Serialization.Internal.ChangeMark";

    public static string Emit(TrackedType type)
    {
        var code = new CodeWriter();
        code.Line("// <auto-generated/>");
        code.Line("#nullable enable");
        if (type.Namespace is { } ns)
        {
            code.Line($"namespace {ns};");
        }

        code.Line();
        for (var i = 0; i < type.Declarations.Count; i++)
        {
            var last = i == type.Declarations.Count - 1 && !type.InheritsMark;
            code.Open(last ? $"{type.Declarations[i]} : global::Engine.Serialization.Internal.ITracked" : type.Declarations[i]);
        }

        // The type's own mark, stamped directly; a derived type of a tracked one stamps the mark its base carries.
        var mark = type.InheritsMark ? "((global::Engine.Serialization.Internal.ITracked)this).Mark" : "__changeMark";
        if (!type.InheritsMark)
        {
            code.Line("[global::MessagePack.IgnoreMember]");
            code.Line($"private {Mark} __changeMark;");
            code.Line();
            code.Line($"ref {Mark} global::Engine.Serialization.Internal.ITracked.Mark => ref __changeMark;");
        }

        foreach (var property in type.Properties)
        {
            code.Line();
            Property(code, property, mark);
        }

        for (var i = 0; i < type.Declarations.Count; i++)
        {
            code.Close();
        }

        return code.ToString();
    }

    private static void Property(CodeWriter code, TrackedProperty property, string mark)
    {
        var modifiers = property.Modifiers.Length == 0 ? "" : property.Modifiers + " ";
        code.Open($"{modifiers}partial {property.Type} {property.Name}");
        foreach (var accessor in property.Accessors)
        {
            if (accessor.EndsWith("get", System.StringComparison.Ordinal))
            {
                code.Line($"{accessor} => field;");
                continue;
            }

            // A reference replaced leaves this object: its link here goes (the next refresh links the new one).
            code.Line(property.MayHoldTracked
                ? $"{accessor} {{ {Tracking}.Detach(this, field); field = value; {Tracking}.Changed(ref {mark}); }}"
                : $"{accessor} {{ field = value; {Tracking}.Changed(ref {mark}); }}");
        }

        code.Close();
    }
}
