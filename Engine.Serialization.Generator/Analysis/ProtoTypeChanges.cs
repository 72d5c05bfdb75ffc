using System.Collections.Generic;
using System.Linq;
using Engine.Serialization.Generator.Emit.Protobuf;

namespace Engine.Serialization.Generator.Analysis;

/// <summary>
/// A member whose type is not the one the model's .proto records for it, so that saves already written hold values of
/// the recorded type. A widening every format reads (docs/GUIDE.md, When the model changes) needs nothing; any other
/// change needs a migration step, declared by a schema version above the record's, or it fails the build, so that no
/// player meets it as a save that won't load. The record tells protobuf types apart, not every .NET type: a change
/// within one protobuf type (int to short, string to Guid) or between two messages or enums (a renamed type) is left to
/// the readers, which refuse a value the member can't hold.
/// </summary>
internal static class ProtoTypeChanges
{
    private const string Message = "message";
    private const string Enum = "enum";

    /// <summary>For a recorded type, the types a member of it may become with nothing else (one of them ulong's fixed64).</summary>
    private static readonly Dictionary<string, string[]> Widenings = new()
    {
        ["int32"] = ["int64"],
        ["uint32"] = ["int32", "int64", "fixed64"],
        ["float"] = ["double"],
    };

    /// <summary>The .proto types that are values (ProtoScalars' and protobuf's own), rather than the model's messages and enums.</summary>
    private static readonly HashSet<string> Values =
    [
        "double", "float", "int32", "int64", "uint32", "uint64", "sint32", "sint64", "fixed32", "fixed64", "sfixed32", "sfixed64",
        "bool", "string", "bytes", "google.protobuf.Timestamp", "google.protobuf.Duration", "DateTimeOffset",
    ];

    /// <summary>Reports the member if the record holds it as another type and neither a widening nor a newer schema covers that.</summary>
    public static void Check(
        ObjectModel type, MemberModel member, LockedType recorded, ProtoLock locked, IReadOnlyDictionary<string, int> schemaVersions,
        ShapeBuilder builder, Microsoft.CodeAnalysis.Location? at)
    {
        // A record of no known model and schema says nothing of which saves hold its types.
        if (recorded.Source is not { } source || !schemaVersions.TryGetValue(source.ModelId, out var version) || version > source.SchemaVersion)
        {
            return;
        }

        var was = recorded.ProtoType;
        var wasKind = Values.Contains(was) ? was : locked.Enums.Contains(was) ? Enum : Message;
        var repeated = ProtobufEmitter.IsRepeated(member.Shape);
        var now = repeated ? Items(member.Shape) : Kind(member.Shape.Kind == ShapeKind.Nullable ? member.Shape.Element! : member.Shape);
        if (repeated == recorded.Repeated && (now == wasKind || (!repeated && Widenings.TryGetValue(was, out var wider) && wider.Contains(now))))
        {
            return;
        }

        builder.Report(DiagnosticDescriptors.TypeChangeWithoutMigration, at, type.DisplayName, member.Name,
            (recorded.Repeated ? "repeated " : string.Empty) + was,
            member.Shape.TypeName.Replace("global::", string.Empty),
            (repeated ? "repeated " : string.Empty) + now,
            source.SchemaVersion.ToString(System.Globalization.CultureInfo.InvariantCulture));
    }

    /// <summary>A collection's items' kind: a wrapper message for items that may be null, else the item's own.</summary>
    private static string Items(ValueShape collection) =>
        collection.Kind == ShapeKind.Dictionary || ProtobufEmitter.WrapsItems(collection) ? Message : Kind(collection.Element!);

    /// <summary>A value's .proto type when it is a value, else whether it is an enum or a message.</summary>
    private static string Kind(ValueShape shape) => ProtoScalars.Of(shape)?.ProtoType is { } scalar
        ? (Values.Contains(scalar) ? scalar : Enum)
        : Message;
}
