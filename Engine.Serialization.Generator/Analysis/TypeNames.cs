using System.Text;
using Microsoft.CodeAnalysis;

namespace Engine.Serialization.Generator.Analysis;

/// <summary>How types are spelled in generated code.</summary>
internal static class TypeNames
{
    private static readonly SymbolDisplayFormat Annotated = SymbolDisplayFormat.FullyQualifiedFormat
        .AddMiscellaneousOptions(SymbolDisplayMiscellaneousOptions.IncludeNullableReferenceTypeModifier);

    /// <summary><c>global::</c>-qualified, no nullable reference annotations: usable in <c>typeof</c> and type arguments.</summary>
    public static string Plain(ITypeSymbol type) => type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat);

    /// <summary><c>global::</c>-qualified with nullable reference annotations, to match a member's declared type.</summary>
    public static string WithAnnotations(ITypeSymbol type) => type.ToDisplayString(Annotated);

    /// <summary>A C# identifier derived from the type's full name, e.g. <c>Engine_Core_GameContent</c>, <c>System_Collections_Generic_List_Engine_Core_Room_</c>.</summary>
    public static string Identifier(ITypeSymbol type)
    {
        var name = Plain(type).Replace("global::", string.Empty);

        var builder = new StringBuilder(name.Length);
        foreach (var c in name)
        {
            builder.Append(char.IsLetterOrDigit(c) ? c : '_');
        }

        return builder.ToString();
    }
}
