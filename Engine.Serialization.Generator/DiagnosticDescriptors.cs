using System.Collections.Generic;
using System.Linq;
using Engine.Serialization.Generator.Analysis;
using Microsoft.CodeAnalysis;

namespace Engine.Serialization.Generator;

/// <summary>
/// Every problem is an error: a type the generator skipped, or read differently from MessagePack-CSharp, would only
/// show at run time, inside a NativeAOT game, as a lost value. Each has a page in docs/diagnostics/.
/// </summary>
internal static class DiagnosticDescriptors
{
    private const string Category = "Engine.Serialization.Generator";

    /// <summary>Where the pages live; the repository's docs/diagnostics/ folder.</summary>
    private const string HelpRoot = "docs/diagnostics/";

    public static readonly DiagnosticDescriptor UnsupportedType = Create(
        "EGEN001",
        "Type cannot be saved",
        "Type '{0}' (reached via {1}) can't be written and read by generated code; supported are {2}");

    public static readonly DiagnosticDescriptor IntegerKey = Create(
        "EGEN002",
        "Integer keys are not supported",
        "Member '{1}' of '{0}' has an integer [Key]; saves use string keys so that older and newer games read each other's saves: use [Key(\"{1}\")]");

    public static readonly DiagnosticDescriptor MissingKey = Create(
        "EGEN003",
        "Member has no [Key]",
        "Member '{1}' of '{0}' has no [Key(\"...\")]; add one, mark it [IgnoreMember], or use [MessagePackObject(keyAsPropertyName: true)]");

    public static readonly DiagnosticDescriptor DuplicateKey = Create(
        "EGEN004",
        "Duplicate key",
        "Type '{0}' uses key '{1}' for both '{2}' and '{3}'");

    public static readonly DiagnosticDescriptor NoConstructor = Create(
        "EGEN005",
        "No constructor to read with",
        "Type '{0}' can't be created on reading: {1}; add a public parameterless constructor, or one whose parameters are named after members, or mark one [SerializationConstructor]");

    public static readonly DiagnosticDescriptor MemberNotRestored = Create(
        "EGEN006",
        "Member would not come back on loading",
        "Member '{1}' of '{0}' would be lost: {2}");

    public static readonly DiagnosticDescriptor AbstractWithoutUnion = Create(
        "EGEN007",
        "Abstract type without [Union]",
        "Type '{0}' (reached via {1}) is abstract or an interface, so a load could not know which type to create; list its concrete types with [Union(key, typeof(T))], or use a concrete type");

    public static readonly DiagnosticDescriptor InvalidResolver = Create(
        "EGEN008",
        "Invalid resolver declaration",
        "Resolver class '{0}' must be a partial, non-generic class declared directly in a namespace");

    public static readonly DiagnosticDescriptor InaccessibleType = Create(
        "EGEN009",
        "Type is not accessible",
        "Type '{0}' (reached via {1}) is not accessible from the assembly that declares the save model");

    public static readonly DiagnosticDescriptor UnhashableKey = Create(
        "EGEN010",
        "Key type has no collision-resistant hashing",
        "'{0}' (reached via {1}) is keyed by {2}, which has no collision-resistant hashing, so a hostile save could make loading it take quadratic time (MessagePack-CSharp refuses to read it from untrusted data); key it by a string, an integer, an enum, a Guid, a DateTime or a DateTimeOffset");

    public static readonly DiagnosticDescriptor KeyInMapMode = Create(
        "EGEN011",
        "[Key] on a keyAsPropertyName member",
        "Member '{1}' of '{0}' has a [Key], but the type is [MessagePackObject(keyAsPropertyName: true)]: MessagePack-CSharp's resolvers disagree about it (the standard one writes the member's name, the source generator the key); remove the [Key], or drop keyAsPropertyName and key every member");

    public static readonly DiagnosticDescriptor HiddenMember = Create(
        "EGEN012",
        "Member hides another of the same name",
        "Member '{1}' of '{0}' hides or overrides a member of '{2}' under another key; MessagePack-CSharp would save only one value or the same value twice: rename one, or mark one [IgnoreMember]");

    public static readonly DiagnosticDescriptor NonPublicKey = Create(
        "EGEN013",
        "[Key] on a non-public member",
        "Member '{1}' of '{0}' is not public, so MessagePack-CSharp ignores its [Key] and never saves it; set [MessagePackObject(AllowPrivate = true)], make it public, or remove the [Key]");

    public static readonly DiagnosticDescriptor InvalidUnion = Create(
        "EGEN014",
        "Invalid [Union]",
        "The [Union] cases of '{0}' can't be used: {1}");

    public static readonly DiagnosticDescriptor InvalidFormatter = Create(
        "EGEN015",
        "Invalid custom formatter",
        "Formatter '{0}' can't format '{1}': {2}");

    public static readonly DiagnosticDescriptor PrivateAccess = Create(
        "EGEN016",
        "Member can't be reached",
        "Type '{0}', {1}: {2}");

    public static readonly DiagnosticDescriptor InvalidSaveModel = Create(
        "EGEN017",
        "Invalid [SaveModel]",
        "[SaveModel] on '{0}' can't be used: {1}");

    public static readonly DiagnosticDescriptor InvalidProtoRecord = Create(
        "EGEN018",
        "Protobuf field numbers can't be read",
        "The model's .proto, which records its protobuf field numbers, is inconsistent: {0}");

    public static readonly DiagnosticDescriptor ProtoFieldClash = Create(
        "EGEN019",
        "Protobuf fields clash",
        "Type '{0}': {1}");

    public static readonly DiagnosticDescriptor ProtoMessageOrphaned = Create(
        "EGEN020",
        "Recorded protobuf message has no type",
        "The model's .proto numbers the fields of message '{0}' (type {1}), and the model has no such type any more: if it was renamed, rename the message (and the comment above it) in the .proto too, so its fields keep their numbers; if it was removed, delete the message there");

    public static readonly DiagnosticDescriptor FormerKeyClash = Create(
        "EGEN021",
        "Earlier key can't be read",
        "Member '{1}' of '{0}' has [FormerlySavedAs(\"{2}\")], but {3}: {4}");

    public static readonly DiagnosticDescriptor TypeChangeWithoutMigration = Create(
        "EGEN022",
        "Member's type changed without a migration",
        "Member '{1}' of '{0}' is saved as protobuf {2} (the model's .proto, schema version {5}), and its type {3} is {4}: saves already written can't be read into it; write an ISchemaMigration step that converts the value, list it in the [SaveModel]'s Migrations and raise SchemaVersion above {5}. A widening (a larger whole number, float to double, T to T?, an array to a list) needs neither.");

    private static readonly Dictionary<string, DiagnosticDescriptor> ById = new[]
    {
        UnsupportedType, IntegerKey, MissingKey, DuplicateKey, NoConstructor, MemberNotRestored, AbstractWithoutUnion,
        InvalidResolver, InaccessibleType, UnhashableKey, KeyInMapMode, HiddenMember, NonPublicKey, InvalidUnion,
        InvalidFormatter, PrivateAccess, InvalidSaveModel, InvalidProtoRecord, ProtoFieldClash, ProtoMessageOrphaned,
        FormerKeyClash, TypeChangeWithoutMigration,
    }.ToDictionary(d => d.Id);

    public static IEnumerable<DiagnosticDescriptor> All => ById.Values;

    public static Diagnostic ToDiagnostic(DiagnosticInfo info) =>
        Diagnostic.Create(ById[info.Id], info.Location?.ToLocation(), info.Arguments.ToArray<object>());

    private static DiagnosticDescriptor Create(string id, string title, string message) =>
        new(id, title, message, Category, DiagnosticSeverity.Error, isEnabledByDefault: true, helpLinkUri: HelpRoot + id + ".md");
}
