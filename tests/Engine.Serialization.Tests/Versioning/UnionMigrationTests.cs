using System.Buffers;
using Engine.Serialization.Container;
using Engine.Serialization.Migrations;
using Engine.Serialization.Tests.Fixtures;
using Engine.Serialization.Tests.Fuzzing;
using Engine.Testing;

namespace Engine.Serialization.Tests.Versioning;

/// <summary>
/// Issue 33: a migration reaches the objects inside union cases, lists and dictionaries, the same way in every format,
/// and every value of an older save lands where the newer model has it (checked against a graph built by hand, not
/// by the generator). A step that changes nothing is reported by the check a game's tests turn on. Protobuf saves are read
/// through the record of schema 1 the model keeps (Versioning/Schemas/tests.colony.schema-1.proto).
/// </summary>
public sealed class UnionMigrationTests
{
    [Theory]
    [MemberData(nameof(SaveCases.EveryFormat), MemberType = typeof(SaveCases))]
    public void UnionListRename_AsIssue33Wrote_ReachesEveryCase(SaveFormat format, SaveCompression compression)
    {
        var older = new ColonyV1
        {
            Name = "Far Reach",
            Entities = [new WorkerV1 { Nickname = "Digger", Health = 7, Trade = "mason" }, null, new WorkerV1 { Nickname = "Stitch", Health = 3, Trade = "tailor" }],
        };
        var options = new LoadOptions { Migrations = new SchemaMigrations(2, [new EntityCallsigns()]), CheckMigrationSteps = true };

        var loaded = SaveSerializer.Load<ColonyV2>(Release1Save(older, format, compression), options);

        GraphAssert.Equal(
            new ColonyV2
            {
                Name = "Far Reach",
                Entities = [new WorkerV2 { Callsign = "Digger", Health = 7, Trade = "mason" }, null, new WorkerV2 { Callsign = "Stitch", Health = 3, Trade = "tailor" }],
            },
            loaded);
    }

    [Theory]
    [MemberData(nameof(SaveCases.EveryFormat), MemberType = typeof(SaveCases))]
    public void Release1Save_ThroughTheModelsStep_EveryValueLandsWhereRelease2HasIt(SaveFormat format, SaveCompression compression)
    {
        var loaded = SaveSerializer.Load<ColonyV2>(Release1Save(Release1(), format, compression), new LoadOptions { CheckMigrationSteps = true });

        GraphAssert.Equal(Release2(), loaded);
        Assert.Equal(2, SaveSerializer.ReadPayload<ColonyV2>(SaveSerializer.Save(loaded)).Info.Header.SchemaVersion);
    }

    [Theory]
    [MemberData(nameof(SaveCases.EveryFormat), MemberType = typeof(SaveCases))]
    public void StepRenamingAMemberNoObjectHas_IsReportedByTheCheck_NamingTheStepAndTheMember(SaveFormat format, SaveCompression compression)
    {
        byte[] save = Release1Save(Release1(), format, compression);
        var misspelt = new SchemaMigrations(2, [new EntityCallsigns("Nickame")]);

        var error = Assert.ThrowsAny<InvalidOperationException>(() => SaveSerializer.Load<ColonyV2>(save, new LoadOptions { Migrations = misspelt, CheckMigrationSteps = true }));

        Assert.Contains(new EntityCallsigns().Description, error.Message, StringComparison.Ordinal);
        Assert.Contains("changed nothing", error.Message, StringComparison.Ordinal);

        // Unchecked, as a player's load runs, the step finds nothing to rename and the names load as the default.
        Assert.All(SaveSerializer.Load<ColonyV2>(save, new LoadOptions { Migrations = misspelt }).Entities, unit => Assert.Equal("", unit?.Callsign ?? ""));
    }

    [Theory]
    [MemberData(nameof(SaveCases.EveryFormat), MemberType = typeof(SaveCases))]
    public void StepThatChangesSomeMembersButMissesOne_IsReportedByTheCheck_NamingTheMissedMember(SaveFormat format, SaveCompression compression)
    {
        byte[] save = Release1Save(Release1(), format, compression);
        var halfRight = new SchemaMigrations(2, [new EntityCallsigns("Nickname", alsoRename: "Rnak")]);

        var error = Assert.ThrowsAny<InvalidOperationException>(() => SaveSerializer.Load<ColonyV2>(save, new LoadOptions { Migrations = halfRight, CheckMigrationSteps = true }));

        Assert.Contains("found no member for its rename of 'Rnak'", error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(SaveCases.EveryFormat), MemberType = typeof(SaveCases))]
    public void RewritingADictionaryKeyToOneItAlreadyHas_FailsTheMigration(SaveFormat format, SaveCompression compression)
    {
        var older = Release1();
        older.Settlers["settler/Ada"] = new SettlerV1 { Nickname = "clash" };

        var error = Assert.Throws<SaveCorruptedException>(() => SaveSerializer.Load<ColonyV2>(Release1Save(older, format, compression)));

        Assert.Contains("already has the key settler/Ada", error.Message, StringComparison.Ordinal);
    }

    internal static ColonyV1 Release1() => new()
    {
        Name = "Far Reach",
        Entities =
        [
            new SoldierV1 { Nickname = "Hawk", Health = 9, Rank = 3 },
            new WorkerV1 { Nickname = "Digger", Health = 7, Trade = "mason" },
            null,
            new SoldierV1 { Nickname = "Wren", Health = 4, Rank = 1 },
        ],
        Leader = new SoldierV1 { Nickname = "Old Bear", Health = 5, Rank = 9 },
        Settlers = { ["Ada"] = new SettlerV1 { Nickname = "Ace", Age = 31 }, ["Bo"] = new SettlerV1 { Nickname = "Bee", Age = 12 } },
        Garrison = { [2] = new WorkerV1 { Nickname = "Smith", Health = 6, Trade = "smith" }, [5] = new SoldierV1 { Nickname = "Gate", Health = 8, Rank = 2 } },
    };

    /// <summary>What <see cref="Release1"/> is to release 2, written by hand.</summary>
    private static ColonyV2 Release2() => new()
    {
        Name = "Far Reach",
        Entities =
        [
            new SoldierV2 { Callsign = "Hawk", Health = 9, Grade = 3 },
            new WorkerV2 { Callsign = "Digger", Health = 7, Trade = "mason" },
            null,
            new SoldierV2 { Callsign = "Wren", Health = 4, Grade = 1 },
        ],
        Leader = new SoldierV2 { Callsign = "Old Bear", Health = 5, Grade = 9 },
        Settlers = { ["settler/Ada"] = new SettlerV2 { Callsign = "Ace", Age = 31 }, ["settler/Bo"] = new SettlerV2 { Callsign = "Bee", Age = 12 } },
        Garrison = { [2] = new WorkerV2 { Callsign = "Smith", Health = 6, Trade = "smith" }, [5] = new SoldierV2 { Callsign = "Gate", Health = 8, Grade = 2 } },
    };

    /// <summary>A save release 1 wrote: schema 1, framed for release 2's model.</summary>
    private static byte[] Release1Save(ColonyV1 colony, SaveFormat format, SaveCompression compression)
    {
        byte[] payload = SaveFiles.DecodedPayload(SaveSerializer.Save(colony, options: new SaveOptions { Format = format }));
        var stored = new ArrayBufferWriter<byte>();
        PayloadCompression.Compress(compression, payload, stored, Lz4Level.Fast);
        var file = new ArrayBufferWriter<byte>();
        SaveContainer.Write(file, format, compression, 1, new SaveMetadata { Title = "t", ModelId = ColonyV2.ModelId }, stored.WrittenSpan, payload.Length);
        return file.WrittenSpan.ToArray();
    }

    /// <summary>The step issue 33 wrote, with the document API it had: renames a member of every entity.</summary>
    private sealed class EntityCallsigns(string member = "Nickname", string? alsoRename = null) : ISchemaMigration
    {
        public int FromVersion => 1;

        public string Description => "Unit.Nickname is now Unit.Callsign";

        public void Apply(DocumentObject root)
        {
            foreach (var unit in root.Objects("Entities"))
            {
                unit.Rename(member, "Callsign");
                if (alsoRename is not null)
                {
                    unit.Rename(alsoRename, "Grade");
                }
            }
        }
    }
}
