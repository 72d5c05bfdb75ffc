using System.Reflection;
using Engine.Core.Model;
using Engine.Serialization.Inspection;
using Engine.Serialization.Models;
using MessagePack;
using RpgGame.Model;

namespace SaveTool.Tests;

/// <summary>
/// The generated shape of a model (what savetool's paths and edits follow) checked against the model's types as
/// reflection sees them, which owes nothing to the generator: every object's members, their types and whether they
/// allow null; every union's cases; every enum's members and values.
/// </summary>
public sealed class ModelShapeTests
{
    public static TheoryData<string> Models() => new(SaveModels.IdOf<GameContent>(), PartyState.ModelId);

    [Theory]
    [MemberData(nameof(Models))]
    public void EveryType_IsTheModelsTypeAsReflectionSeesIt(string modelId)
    {
        System.Runtime.CompilerServices.RuntimeHelpers.RunModuleConstructor(typeof(PartyState).Module.ModuleHandle);
        var codec = SaveModels.Find(modelId)!;
        var assembly = codec.GetType().Assembly;
        var shape = codec.Shape;
        Assert.Equal(shape.Types.Count, shape.Types.Distinct().Count());
        Assert.Equal(SaveShapeKind.Object, shape.Root.Kind);

        foreach (var type in shape.Types)
        {
            switch (type.Kind)
            {
                case SaveShapeKind.Object:
                    CheckObject(type, ClrType(assembly, type.TypeName));
                    break;
                case SaveShapeKind.Union:
                    var unionCases = ClrType(assembly, type.TypeName).GetCustomAttributes<UnionAttribute>().Select(u => (u.Key, CSharpName(u.SubType)));
                    Assert.Equal(unionCases, type.Cases.Select(c => (c.Key, c.Shape.TypeName)));
                    break;
                case SaveShapeKind.Enum:
                    var enumType = ClrType(assembly, type.TypeName);
                    Assert.Equal(enumType.IsDefined(typeof(FlagsAttribute)), type.EnumIsFlags);
                    Assert.Equal(
                        enumType.GetFields(BindingFlags.Public | BindingFlags.Static).Select(f => (f.Name, Int128.Parse(Convert.ToString(f.GetRawConstantValue(), System.Globalization.CultureInfo.InvariantCulture)!, System.Globalization.CultureInfo.InvariantCulture))),
                        type.EnumMembers.Select(m => (m.Name, m.Value)));
                    break;
            }
        }
    }

    private static void CheckObject(SaveShape shape, Type type)
    {
        foreach (var member in shape.Members)
        {
            var clr = FindMember(type, member.Name);
            Assert.True(clr is not null, $"{shape.TypeName}.{member.Name} is not a member of {type}");
            var (memberType, nullability) = clr switch
            {
                PropertyInfo property => (property.PropertyType, new NullabilityInfoContext().Create(property)),
                FieldInfo field => (field.FieldType, new NullabilityInfoContext().Create(field)),
                _ => throw new InvalidOperationException(),
            };
            Assert.Equal(CSharpName(memberType), member.Shape.TypeName.StartsWith('(') ? CSharpName(memberType) : member.Shape.TypeName);
            bool allowsNull = Nullable.GetUnderlyingType(memberType) is not null || (!memberType.IsValueType && nullability.ReadState != NullabilityState.NotNull);
            Assert.True(allowsNull == member.AllowsNull, $"{shape.TypeName}.{member.Name}: the model {(allowsNull ? "allows" : "refuses")} null");
        }

        // Every public field and property with a getter (keyAsPropertyName) or a [Key] is saved, unless [IgnoreMember] says otherwise.
        var saved = type.GetMembers(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic)
            .Where(m => (m is PropertyInfo { GetMethod: not null } p && p.GetIndexParameters().Length == 0) || m is FieldInfo)
            .Where(m => !m.IsDefined(typeof(IgnoreMemberAttribute)) && !m.IsDefined(typeof(System.Runtime.CompilerServices.CompilerGeneratedAttribute)))
            .Where(m => m.IsDefined(typeof(KeyAttribute)) || (m is PropertyInfo { GetMethod.IsPublic: true } or FieldInfo { IsPublic: true } && !m.Name.Contains('.', StringComparison.Ordinal) && m.Name != "EqualityContract"))
            .Select(m => m.Name)
            .Distinct();
        Assert.Equal(saved.Order(StringComparer.Ordinal), shape.Members.Select(m => m.Name).Order(StringComparer.Ordinal));
    }

    private static MemberInfo? FindMember(Type type, string name)
    {
        for (var at = type; at is not null; at = at.BaseType)
        {
            if (at.GetMember(name, BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.DeclaredOnly).FirstOrDefault() is { } member)
            {
                return member;
            }
        }

        return null;
    }

    private static Type ClrType(Assembly assembly, string name) =>
        Assert.Single(assembly.GetTypes().Concat(typeof(GameContent).Assembly.GetTypes()).Where(t => t.Name == name).Distinct());

    /// <summary>A type's name as C# writes it without namespaces.</summary>
    private static string CSharpName(Type type)
    {
        if (Nullable.GetUnderlyingType(type) is { } underlying)
        {
            return CSharpName(underlying) + "?";
        }

        if (type.IsArray)
        {
            return CSharpName(type.GetElementType()!) + "[" + new string(',', type.GetArrayRank() - 1) + "]";
        }

        if (type.IsGenericType)
        {
            string name = type.Name[..type.Name.IndexOf('`', StringComparison.Ordinal)];
            return $"{name}<{string.Join(", ", type.GetGenericArguments().Select(CSharpName))}>";
        }

        if (type.IsEnum)
        {
            return type.Name;
        }

        return Type.GetTypeCode(type) switch
        {
            TypeCode.Boolean => "bool",
            TypeCode.Byte => "byte",
            TypeCode.SByte => "sbyte",
            TypeCode.Int16 => "short",
            TypeCode.UInt16 => "ushort",
            TypeCode.Int32 => "int",
            TypeCode.UInt32 => "uint",
            TypeCode.Int64 => "long",
            TypeCode.UInt64 => "ulong",
            TypeCode.Single => "float",
            TypeCode.Double => "double",
            TypeCode.Decimal => "decimal",
            TypeCode.Char => "char",
            TypeCode.String => "string",
            _ => type.Name,
        };
    }
}
