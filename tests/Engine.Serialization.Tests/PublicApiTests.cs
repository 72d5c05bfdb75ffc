using System.ComponentModel;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Text;
using Engine.Core.Model;
using Engine.Testing;

namespace Engine.Serialization.Tests;

/// <summary>
/// The public API of the libraries a game references, listed by reflection and compared with the listing checked in
/// under docs/api: a change to the API is a change to that file, seen in review. One line per type and per member, each
/// naming its type, so a diff reads line by line. After an intended change, run these tests with API_UPDATE=1.
/// </summary>
public sealed class PublicApiTests
{
    [Theory]
    [InlineData("Engine.Serialization")]
    [InlineData("Engine.Core")]
    public void PublicApi_MatchesTheCheckedInListing(string library)
    {
        var assembly = library == "Engine.Core" ? typeof(GameContent).Assembly : typeof(SaveSerializer).Assembly;
        string path = Path.Combine(Repository.Root, "docs", "api", library + ".txt");
        var actual = Listing(assembly);
        if (Environment.GetEnvironmentVariable("API_UPDATE") == "1")
        {
            Directory.CreateDirectory(Path.GetDirectoryName(path)!);
            File.WriteAllText(path, string.Join("\n", actual) + "\n");
        }

        var expected = File.Exists(path) ? File.ReadAllLines(path).Where(line => line.Length > 0).ToList() : [];
        var removed = expected.Except(actual, StringComparer.Ordinal).Select(line => "- " + line);
        var added = actual.Except(expected, StringComparer.Ordinal).Select(line => "+ " + line);
        string diff = string.Join("\n", removed.Concat(added));
        Assert.True(diff.Length == 0,
            $"The public API of {library} differs from {Path.GetRelativePath(Repository.Root, path)} (- listed only there, + only in the build):\n{diff}\n"
            + "If the change is intended, run these tests with API_UPDATE=1 and review the listing's diff.");
    }

    /// <summary>What generated code calls is kept out of sight: every public type of the Internal namespace is hidden from IntelliSense.</summary>
    [Fact]
    public void InternalNamespace_HidesEveryType()
    {
        var shown = typeof(SaveSerializer).Assembly.GetExportedTypes()
            .Where(t => t.Namespace == "Engine.Serialization.Internal" && !Hidden(t))
            .Select(t => t.FullName)
            .ToList();

        Assert.True(shown.Count == 0, "Shown in IntelliSense: " + string.Join(", ", shown));
    }

    private static List<string> Listing(Assembly assembly)
    {
        var lines = new List<string>();
        foreach (var type in assembly.GetExportedTypes())
        {
            string name = Name(type, full: true);
            lines.Add($"{name}: {Declaration(type)}");
            lines.AddRange(Members(type).Select(member => $"{name}: {member}"));
        }

        lines.Sort(StringComparer.Ordinal);
        return lines;
    }

    private static string Declaration(Type type)
    {
        var text = new StringBuilder(Hidden(type) ? "[hidden] " : "");
        text.Append(type.IsNestedFamily || type.IsNestedFamORAssem ? "protected " : "public ");
        if (type.IsEnum)
        {
            text.Append("enum : ").Append(Name(Enum.GetUnderlyingType(type)));
            return text.ToString();
        }

        if (type.IsInterface)
        {
            text.Append("interface");
        }
        else if (type.IsValueType)
        {
            text.Append(type.IsDefined(typeof(IsReadOnlyAttribute)) ? "readonly struct" : "struct");
        }
        else if (type.IsSubclassOf(typeof(Delegate)))
        {
            return text.Append("delegate ").Append(Signature(type.GetMethod("Invoke")!)).ToString();
        }
        else
        {
            text.Append(type is { IsAbstract: true, IsSealed: true } ? "static class" : type.IsAbstract ? "abstract class" : type.IsSealed ? "sealed class" : "class");
        }

        var bases = new List<string>();
        if (type.BaseType is { } baseType && baseType != typeof(object) && baseType != typeof(ValueType))
        {
            bases.Add(Name(baseType));
        }

        bases.AddRange(type.GetInterfaces().Where(i => i.IsPublic || i.IsNestedPublic).Select(i => Name(i)).Order(StringComparer.Ordinal));
        return bases.Count == 0 ? text.ToString() : text.Append(" : ").Append(string.Join(", ", bases)).ToString();
    }

    private static IEnumerable<string> Members(Type type)
    {
        const BindingFlags Declared = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance | BindingFlags.Static | BindingFlags.DeclaredOnly;
        if (type.IsEnum)
        {
            foreach (var field in type.GetFields(BindingFlags.Public | BindingFlags.Static))
            {
                yield return $"{field.Name} = {Convert.ChangeType(field.GetRawConstantValue(), Enum.GetUnderlyingType(type), System.Globalization.CultureInfo.InvariantCulture)}";
            }

            yield break;
        }

        foreach (var member in type.GetMembers(Declared).Where(Visible))
        {
            string? text = member switch
            {
                ConstructorInfo constructor => $"{Access(constructor)}{Name(type).Split('<')[0]}({Parameters(constructor)})",
                MethodInfo method when !method.IsSpecialName || method.Name.StartsWith("op_", StringComparison.Ordinal) => $"{Access(method)}{Modifiers(method)}{Signature(method)}",
                PropertyInfo property => Property(property),
                FieldInfo field => $"{Access(field)}{(field.IsLiteral ? "const " : field.IsStatic ? "static " : "")}{(field.IsInitOnly ? "readonly " : "")}{Name(field.FieldType)}{Nullable(new NullabilityInfoContext().Create(field))} {field.Name}{(field.IsLiteral ? " = " + Literal(field.GetRawConstantValue()) : "")}",
                EventInfo e => $"{Access(e.AddMethod!)}event {Name(e.EventHandlerType!)} {e.Name}",
                _ => null,
            };

            if (text is not null)
            {
                yield return (Hidden(member) ? "[hidden] " : "") + text;
            }
        }
    }

    private static bool Visible(MemberInfo member) => member switch
    {
        _ when member.Name.Contains('<', StringComparison.Ordinal) => false,
        MethodBase method => method.IsPublic || method.IsFamily || method.IsFamilyOrAssembly,
        FieldInfo field => field.IsPublic || field.IsFamily || field.IsFamilyOrAssembly,
        PropertyInfo property => Accessors(property).Any(Visible),
        EventInfo e => Visible(e.AddMethod!),
        _ => false,
    };

    private static IEnumerable<MethodInfo> Accessors(PropertyInfo property) =>
        new[] { property.GetMethod, property.SetMethod }.OfType<MethodInfo>();

    private static string Property(PropertyInfo property)
    {
        var accessor = Accessors(property).First(Visible);
        var index = property.GetIndexParameters();
        string name = index.Length == 0 ? property.Name : $"this[{string.Join(", ", index.Select(p => $"{Name(p.ParameterType)} {p.Name}"))}]";
        var parts = new List<string>();
        if (property.GetMethod is { } get && Visible(get))
        {
            parts.Add("get;");
        }

        if (property.SetMethod is { } set && Visible(set))
        {
            bool init = set.ReturnParameter.GetRequiredCustomModifiers().Contains(typeof(IsExternalInit));
            parts.Add((set.IsFamily || set.IsFamilyOrAssembly) && !accessor.IsFamily ? "protected set;" : init ? "init;" : "set;");
        }

        return $"{Access(accessor)}{Modifiers(accessor)}{Name(property.PropertyType)}{Nullable(new NullabilityInfoContext().Create(property))} {name} {{ {string.Join(" ", parts)} }}";
    }

    /// <summary>The <c>?</c> of a reference type declared nullable (a nullable value type's is in its name).</summary>
    private static string Nullable(NullabilityInfo info)
    {
        var type = info.Type.IsByRef ? info.Type.GetElementType()! : info.Type;
        bool nullable = info.ReadState == NullabilityState.Nullable || info.WriteState == NullabilityState.Nullable;
        return nullable && !type.IsValueType && !type.IsGenericParameter ? "?" : "";
    }

    private static string Access(MethodBase method) => method.IsPublic ? "public " : "protected ";

    private static string Access(FieldInfo field) => field.IsPublic ? "public " : "protected ";

    private static string Modifiers(MethodInfo method)
    {
        if (method.IsStatic)
        {
            return "static ";
        }

        if (method.DeclaringType!.IsInterface)
        {
            return method.IsAbstract ? "" : "virtual ";
        }

        bool overrides = method.GetBaseDefinition() != method;
        return method.IsAbstract ? (overrides ? "abstract override " : "abstract ")
            : method.IsFinal && overrides ? "sealed override "
            : overrides ? "override "
            : method.IsVirtual && !method.IsFinal ? "virtual "
            : "";
    }

    private static string Signature(MethodInfo method)
    {
        string generic = method.IsGenericMethodDefinition ? $"<{string.Join(", ", method.GetGenericArguments().Select(a => a.Name))}>" : "";
        return $"{Name(method.ReturnType)}{Nullable(new NullabilityInfoContext().Create(method.ReturnParameter))} {method.Name}{generic}({Parameters(method)})";
    }

    private static string Parameters(MethodBase method) => string.Join(", ", method.GetParameters().Select(p =>
    {
        string kind = p.ParameterType.IsByRef ? p.IsOut ? "out " : p.IsIn ? "in " : "ref " : p.IsDefined(typeof(ParamArrayAttribute)) ? "params " : "";
        string value = !p.HasDefaultValue ? "" : p.RawDefaultValue is null && p.ParameterType.IsValueType ? " = default" : " = " + Literal(p.RawDefaultValue);
        return $"{kind}{Name(p.ParameterType)}{Nullable(new NullabilityInfoContext().Create(p))} {p.Name}{value}";
    }));

    private static string Literal(object? value) => value switch
    {
        null => "null",
        string text => $"\"{text}\"",
        bool flag => flag ? "true" : "false",
        IFormattable number => number.ToString(null, System.Globalization.CultureInfo.InvariantCulture),
        _ => value.ToString() ?? "",
    };

    private static bool Hidden(MemberInfo member) =>
        member.GetCustomAttribute<EditorBrowsableAttribute>() is { State: EditorBrowsableState.Never };

    private static string Name(Type type, bool full = false)
    {
        if (type.IsByRef)
        {
            return Name(type.GetElementType()!, full);
        }

        if (type.IsArray)
        {
            return $"{Name(type.GetElementType()!, full)}[{new string(',', type.GetArrayRank() - 1)}]";
        }

        if (type.IsPointer)
        {
            return Name(type.GetElementType()!, full) + "*";
        }

        if (type.IsGenericParameter)
        {
            return type.Name;
        }

        if (System.Nullable.GetUnderlyingType(type) is { } underlying)
        {
            return Name(underlying, full) + "?";
        }

        if (!full && !type.IsNested && type.Namespace == "System" && Keywords.TryGetValue(type.Name, out string? keyword))
        {
            return keyword;
        }

        var arguments = type.GetGenericArguments();
        int outerCount = type.IsNested ? type.DeclaringType!.GetGenericArguments().Length : 0;
        string own = type.Name.Split('`')[0];
        if (arguments.Length > outerCount)
        {
            own += $"<{string.Join(", ", arguments.Skip(outerCount).Select(a => Name(a)))}>";
        }

        if (type.IsNested)
        {
            var outer = outerCount > 0 ? type.DeclaringType!.MakeGenericType(arguments[..outerCount]) : type.DeclaringType!;
            return $"{Name(outer, full)}.{own}";
        }

        return full && type.Namespace is not null ? $"{type.Namespace}.{own}" : own;
    }

    private static readonly Dictionary<string, string> Keywords = new(StringComparer.Ordinal)
    {
        ["Void"] = "void",
        ["Object"] = "object",
        ["String"] = "string",
        ["Boolean"] = "bool",
        ["Char"] = "char",
        ["Byte"] = "byte",
        ["SByte"] = "sbyte",
        ["Int16"] = "short",
        ["UInt16"] = "ushort",
        ["Int32"] = "int",
        ["UInt32"] = "uint",
        ["Int64"] = "long",
        ["UInt64"] = "ulong",
        ["Single"] = "float",
        ["Double"] = "double",
        ["Decimal"] = "decimal",
    };
}
