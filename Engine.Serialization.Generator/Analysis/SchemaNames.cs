using System.Linq;
using System.Text;
using Microsoft.CodeAnalysis;

namespace Engine.Serialization.Generator.Analysis;

/// <summary>
/// Names for XML and the schemas, decided once here. A type's name is what XmlSerializer calls it where XmlSerializer
/// has a name (<c>string</c>, <c>int</c>, <c>boolean</c>, <c>ArrayOfString</c>, a class's own name), so GameContent's
/// documents keep their shape; member names come from their MessagePack keys.
/// </summary>
internal static class SchemaNames
{
    /// <summary>The type's name: a list item's element name, and the base of its XSD type and protobuf message names.</summary>
    public static string Of(ITypeSymbol type)
    {
        switch (type.SpecialType)
        {
            case SpecialType.System_String: return "string";
            case SpecialType.System_Boolean: return "boolean";
            case SpecialType.System_Byte: return "unsignedByte";
            case SpecialType.System_SByte: return "byte";
            case SpecialType.System_Int16: return "short";
            case SpecialType.System_UInt16: return "unsignedShort";
            case SpecialType.System_Int32: return "int";
            case SpecialType.System_UInt32: return "unsignedInt";
            case SpecialType.System_Int64: return "long";
            case SpecialType.System_UInt64: return "unsignedLong";
            case SpecialType.System_Single: return "float";
            case SpecialType.System_Double: return "double";
            case SpecialType.System_Char: return "char";
            case SpecialType.System_Decimal: return "decimal";
            case SpecialType.System_DateTime: return "dateTime";
        }

        if (type is IArrayTypeSymbol array)
        {
            if (array.IsSZArray)
            {
                return array.ElementType.SpecialType == SpecialType.System_Byte ? "base64Binary" : "ArrayOf" + Capitalized(Of(array.ElementType));
            }

            return $"Array{array.Rank}DOf{Capitalized(Of(array.ElementType))}";
        }

        if (type is not INamedTypeSymbol named)
        {
            return Identifier(type.Name);
        }

        var full = named.ContainingNamespace is { IsGlobalNamespace: false } ns ? ns.ToDisplayString() + "." + named.MetadataName : named.MetadataName;
        switch (full)
        {
            case "System.Guid": return "guid";
            case "System.TimeSpan": return "duration";
            case "System.DateTimeOffset": return "dateTimeOffset";
            case "System.DateOnly": return "date";
            case "System.TimeOnly": return "time";
            case "System.Uri": return "anyURI";
        }

        if (named.OriginalDefinition.SpecialType == SpecialType.System_Nullable_T)
        {
            return Of(named.TypeArguments[0]);
        }

        var definition = named.OriginalDefinition.ToDisplayString();
        if ((definition.StartsWith("System.Collections.Generic.", System.StringComparison.Ordinal) || definition == "Engine.Serialization.TrackedList<T>")
            && named.TypeArguments.Length == 1)
        {
            return "ArrayOf" + Capitalized(Of(named.TypeArguments[0]));
        }

        if (definition.Contains("Dictionary<TKey, TValue>"))
        {
            return "DictionaryOf" + Capitalized(Of(named.TypeArguments[0])) + Capitalized(Of(named.TypeArguments[1]));
        }

        var name = Identifier(named.Name);
        return named.TypeArguments.Length == 0 ? name : name + "Of" + string.Concat(named.TypeArguments.Select(a => Capitalized(Of(a))));
    }

    /// <summary>The name with its first letter upper-case: <c>ArrayOf</c> + <c>String</c>.</summary>
    public static string Capitalized(string name) => name.Length == 0 ? name : char.ToUpperInvariant(name[0]) + name.Substring(1);

    /// <inheritdoc cref="ProtoFieldNames.Snake"/>
    public static string Snake(string name) => ProtoFieldNames.Snake(name);

    /// <summary>A protobuf enum value's name: the enum's name and the member's, upper snake case (<c>DIRECTION_NORTH</c>).</summary>
    public static string EnumValue(string enumName, string member) => (Snake(enumName) + "_" + Snake(member)).ToUpperInvariant();

    /// <summary>An XML element name for a key: the key itself when XML allows it, else XmlConvert's encoding of it.</summary>
    public static string Element(string key) => System.Xml.XmlConvert.EncodeLocalName(key) ?? "_";

    private static string Identifier(string name)
    {
        var builder = new StringBuilder(name.Length);
        foreach (var c in name)
        {
            builder.Append(char.IsLetterOrDigit(c) || c == '_' ? c : '_');
        }

        return builder.ToString();
    }
}
