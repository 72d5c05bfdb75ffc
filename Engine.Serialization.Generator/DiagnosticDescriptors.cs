using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;

namespace Engine.Serialization.Generator;

/// <summary>
/// Every problem is an error: a type the generator skipped would only fail at run time, inside a NativeAOT game.
/// </summary>
internal static class DiagnosticDescriptors
{
    private const string Category = "Engine.Serialization.Generator";

    public static readonly DiagnosticDescriptor UnsupportedType = Create(
        "EGEN001",
        "Type cannot be serialized",
        "Type '{0}' (reached via {1}) can't be written and read by generated code; supported are [MessagePackObject] types, primitives, string, enums, DateTime, byte[], and Nullable<T>, T[] and List<T> of those");

    public static readonly DiagnosticDescriptor IntegerKey = Create(
        "EGEN002",
        "Integer keys are not supported",
        "Member '{1}' of '{0}' has an integer [Key]; use a string key such as [Key(\"{1}\")]");

    public static readonly DiagnosticDescriptor MissingKey = Create(
        "EGEN003",
        "Member has no [Key]",
        "Member '{1}' of '{0}' has no [Key(\"...\")]; add one, mark it [IgnoreMember], or use [MessagePackObject(keyAsPropertyName: true)]");

    public static readonly DiagnosticDescriptor DuplicateKey = Create(
        "EGEN004",
        "Duplicate key",
        "Type '{0}' uses key '{1}' for both '{2}' and '{3}'");

    public static readonly DiagnosticDescriptor NoParameterlessConstructor = Create(
        "EGEN005",
        "No public parameterless constructor",
        "Class '{0}' needs a public parameterless constructor to be deserialized");

    public static readonly DiagnosticDescriptor MemberNotReadWrite = Create(
        "EGEN006",
        "Member is not publicly readable and settable",
        "Member '{1}' of '{0}' must be a public non-readonly field or a property with a public getter and a public (non-init) setter; otherwise mark it [IgnoreMember]");

    public static readonly DiagnosticDescriptor PolymorphicType = Create(
        "EGEN007",
        "Polymorphic type is not supported",
        "Type '{0}' (reached via {1}) is abstract, an interface or a [Union]; only concrete [MessagePackObject] types are supported");

    public static readonly DiagnosticDescriptor InvalidResolver = Create(
        "EGEN008",
        "Invalid resolver declaration",
        "Resolver class '{0}' must be a partial, non-generic class declared directly in a namespace");

    public static readonly DiagnosticDescriptor InaccessibleType = Create(
        "EGEN009",
        "Type is not accessible",
        "Type '{0}' (reached via {1}) is not accessible from the assembly that declares the resolver");

    public static readonly DiagnosticDescriptor HashKeyedCollection = Create(
        "EGEN010",
        "Hash-keyed collection is not supported",
        "Type '{0}' (reached via {1}) is hash-keyed: reading one from untrusted data needs collision-resistant hashing, which the generated code does not set up; use a list of entries");

    private static readonly Dictionary<string, DiagnosticDescriptor> ById = new[]
    {
        UnsupportedType, IntegerKey, MissingKey, DuplicateKey, NoParameterlessConstructor,
        MemberNotReadWrite, PolymorphicType, InvalidResolver, InaccessibleType, HashKeyedCollection,
    }.ToDictionary(d => d.Id);

    public static Diagnostic ToDiagnostic(DiagnosticInfo info) =>
        Diagnostic.Create(ById[info.Id], info.Location?.ToLocation(), info.Arguments.ToArray<object>());

    private static DiagnosticDescriptor Create(string id, string title, string message) =>
        new(id, title, message, Category, DiagnosticSeverity.Error, isEnabledByDefault: true);
}
