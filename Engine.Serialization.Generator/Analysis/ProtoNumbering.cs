using System.Collections.Generic;
using System.Linq;
using System.Text;

namespace Engine.Serialization.Generator.Analysis;

/// <summary>
/// Gives every member of every object its protobuf field number, for good. A member the model's .proto records keeps
/// its number. A new member gets a number derived from its name alone (FNV-1a, in 16..262143 past the range protobuf
/// reserves), so it is the same in every build whatever else changes, and adding a member is the only edit needed;
/// recording it in the .proto later keeps that number. A recorded member that is gone leaves its number reserved. A
/// member renamed with <c>[FormerlySavedAs]</c> keeps the number of its earlier name, recorded or derived. A recorded
/// member keeps a type its saves can be read as (<see cref="ProtoTypeChanges"/>).
/// </summary>
internal static class ProtoNumbering
{
    private const int First = 16;
    private const int Last = 262143;
    private const int ReservedFrom = 19000;
    private const int ReservedTo = 19999;

    public static List<ProtoNumbers> Assign(
        IReadOnlyList<ObjectModel> objects, ProtoLock locked, IReadOnlyDictionary<string, int> schemaVersions, ShapeBuilder builder, Microsoft.CodeAnalysis.Location? at)
    {
        foreach (var problem in locked.Problems)
        {
            builder.Report(DiagnosticDescriptors.InvalidProtoRecord, at, problem);
        }

        var result = new List<ProtoNumbers>();
        var names = new HashSet<string>();
        foreach (var type in objects)
        {
            var name = SchemaNames.Capitalized(type.Shape.SchemaName);
            for (var i = 2; !names.Add(name); i++)
            {
                name = SchemaNames.Capitalized(type.Shape.SchemaName) + i;
            }

            var message = locked.Messages.TryGetValue(name, out var recorded) ? recorded : null;
            result.Add(Number(type, name, message, builder, at));
            foreach (var member in type.Members.Where(m => m.IsRestored))
            {
                var field = RecordedField(member, message);
                if (field is not null && message!.Types.TryGetValue(field, out var recordedType))
                {
                    ProtoTypeChanges.Check(type, member, recordedType, locked, schemaVersions, builder, at);
                }
            }
        }

        // A recorded type that still exists (in a referenced assembly, say) was not renamed; it is just not in these models.
        foreach (var orphan in locked.Messages.Values.Where(m => m.Type is not null && !names.Contains(m.Name)
            && builder.Compilation.GetTypeByMetadataName(m.Type) is null))
        {
            // A message numbered by its names' hashes renumbers itself the same way under a new name; only one
            // numbered by hand (or before the hashes) would lose its numbers.
            if (orphan.Fields.Any(f => f.Value != Hashed(f.Key)))
            {
                builder.Report(DiagnosticDescriptors.ProtoMessageOrphaned, at, orphan.Name, orphan.Type!);
            }
        }

        return result;
    }

    /// <summary>The recorded field holding the member's saved values: its own, else that of its earliest recorded earlier key.</summary>
    private static string? RecordedField(MemberModel member, LockedMessage? message) =>
        message is null ? null : new[] { member.Key }.Concat(member.FormerKeys).Select(SchemaNames.Snake).FirstOrDefault(message.Fields.ContainsKey);

    /// <summary>The number a new field of this name gets when nothing else holds it.</summary>
    public static int Hashed(string fieldName)
    {
        var hash = 2166136261u;
        foreach (var b in Encoding.UTF8.GetBytes(fieldName))
        {
            hash = unchecked((hash ^ b) * 16777619u);
        }

        var number = First + (int)(hash % (uint)(Last - First + 1 - (ReservedTo - ReservedFrom + 1)));
        return number >= ReservedFrom ? number + (ReservedTo - ReservedFrom + 1) : number;
    }

    private static ProtoNumbers Number(ObjectModel type, string name, LockedMessage? locked, ShapeBuilder builder, Microsoft.CodeAnalysis.Location? at)
    {
        var numbers = new int[type.Members.Count];
        var holders = new Dictionary<int, string>();
        var reserved = new HashSet<int>(locked?.ReservedNumbers ?? Enumerable.Empty<int>());
        var fieldNames = new Dictionary<string, string>();
        var fresh = new List<int>();
        for (var i = 0; i < type.Members.Count; i++)
        {
            var member = type.Members[i];
            if (!member.IsRestored)
            {
                continue;
            }

            var field = SchemaNames.Snake(member.Key);
            if (fieldNames.TryGetValue(field, out var other))
            {
                builder.Report(DiagnosticDescriptors.ProtoFieldClash, at, type.DisplayName,
                    $"members '{other}' and '{member.Name}' are both protobuf field '{field}': give one of them another [Key]");
                continue;
            }

            fieldNames.Add(field, member.Name);
            if (locked is not null && locked.Fields.TryGetValue(field, out var number))
            {
                numbers[i] = number;
                holders[number] = member.Name;
            }
            else
            {
                fresh.Add(i);
            }
        }

        // A renamed member ([FormerlySavedAs]) keeps the number recorded under an earlier name: saves hold the number, not the name.
        var renamed = new HashSet<string>();
        foreach (var i in fresh.ToList())
        {
            var earlier = type.Members[i].FormerKeys.Select(SchemaNames.Snake)
                .FirstOrDefault(f => locked is not null && locked.Fields.ContainsKey(f) && !fieldNames.ContainsKey(f) && !renamed.Contains(f));
            if (earlier is not null)
            {
                numbers[i] = locked!.Fields[earlier];
                holders[numbers[i]] = type.Members[i].Name;
                renamed.Add(earlier);
                fresh.Remove(i);
            }
        }

        // Recorded fields no member has any more stay reserved, number and name.
        var gone = locked?.Fields.Where(f => !fieldNames.ContainsKey(f.Key) && !renamed.Contains(f.Key)).ToList() ?? [];
        reserved.UnionWith(gone.Select(f => f.Value));
        var reservedNames = new HashSet<string>((locked?.ReservedNames ?? Enumerable.Empty<string>()).Concat(gone.Select(f => f.Key)));
        reservedNames.ExceptWith(fieldNames.Keys);

        var newHolders = new Dictionary<int, string>();
        foreach (var i in fresh)
        {
            var member = type.Members[i];

            // Unrecorded, a renamed member keeps the number its first name had: the one derived from its earliest key.
            var number = Hashed(SchemaNames.Snake(member.FormerKeys.Count > 0 ? member.FormerKeys[0] : member.Key));
            if (newHolders.TryGetValue(number, out var rival))
            {
                builder.Report(DiagnosticDescriptors.ProtoFieldClash, at, type.DisplayName,
                    $"new members '{rival}' and '{member.Name}' would both get protobuf field {number}: record one of them in the model's .proto (bash build/schemas.sh), then build again");
                continue;
            }

            while (holders.ContainsKey(number) || reserved.Contains(number) || newHolders.ContainsKey(number))
            {
                number = number == Last ? First : number + 1;
                if (number == ReservedFrom)
                {
                    number = ReservedTo + 1;
                }
            }

            numbers[i] = number;
            newHolders[number] = member.Name;
        }

        return new ProtoNumbers(type.Shape.HelperName!, name, new(numbers), new(reserved.OrderBy(n => n)), new(reservedNames.OrderBy(n => n, System.StringComparer.Ordinal)));
    }
}
