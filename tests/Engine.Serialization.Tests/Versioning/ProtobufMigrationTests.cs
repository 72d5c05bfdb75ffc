using System.Buffers;
using Engine.Serialization.Container;
using Engine.Serialization.Migrations;
using Engine.Serialization.Tests.Fuzzing;
using MessagePack;

namespace Engine.Serialization.Tests.Versioning;

/// <summary>
/// A protobuf save of schema 1 read through the record its model keeps (Versioning/Schemas/tests.tally.schema-1.proto):
/// a member whose type widened with no value lost needs no step; any other type change needs one, and without it the
/// load fails naming the member and both types.
/// </summary>
public sealed class ProtobufMigrationTests
{
    [Fact]
    public void WidenedMembers_LoadUnconverted_AndAStepConvertsTheRetypedOne()
    {
        var loaded = SaveSerializer.Load<TallyV2>(Release1Save(new TallyV1 { Count = -7, Ratio = 0.25f, Code = 42 }), new LoadOptions { CheckMigrationSteps = true });

        Assert.Equal((-7L, 0.25, "42"), (loaded.Count, loaded.Ratio, loaded.Code));
    }

    [Fact]
    public void RetypedMember_NoStepConverted_FailsTheLoad_NamingTheMemberAndBothTypes()
    {
        var skipsCode = new LoadOptions { Migrations = new SchemaMigrations(2, [new TallyCountReset()]) };

        var error = Assert.Throws<SaveCorruptedException>(() => SaveSerializer.Load<TallyV2>(Release1Save(new TallyV1 { Count = 3, Code = 42 }), skipsCode));

        Assert.Contains("code is int32 in the save and string in the model: a migration step must convert it", error.Message, StringComparison.Ordinal);
        Assert.Contains(new TallyCountReset().Description, error.Message, StringComparison.Ordinal);
    }

    private static byte[] Release1Save(TallyV1 tally)
    {
        byte[] payload = SaveFiles.DecodedPayload(SaveSerializer.Save(tally, options: new SaveOptions { Format = SaveFormat.Protobuf }));
        var file = new ArrayBufferWriter<byte>();
        SaveContainer.Write(file, SaveFormat.Protobuf, SaveCompression.None, 1, new SaveMetadata { Title = "t", ModelId = TallyV2.ModelId }, payload, payload.Length);
        return file.WrittenSpan.ToArray();
    }

    private sealed class TallyCountReset : ISchemaMigration
    {
        public int FromVersion => 1;

        public string Description => "Tally.Count starts again";

        public void Apply(DocumentObject root) => root.SetInt64("Count", 0);
    }
}

/// <summary>Release 1's tally (its saves are framed with <see cref="TallyV2"/>'s id).</summary>
[SaveModel(Id = "tests.tally.v1")]
[MessagePackObject(keyAsPropertyName: true)]
public sealed class TallyV1
{
    public int Count { get; set; }

    public float Ratio { get; set; }

    public int Code { get; set; }
}

/// <summary>Release 2: Count and Ratio widened (no step needed), Code became text (<see cref="TallyCodeIsText"/>).</summary>
[SaveModel(Id = ModelId, SchemaVersion = 2, Migrations = [typeof(TallyCodeIsText)])]
[MessagePackObject(keyAsPropertyName: true)]
public sealed class TallyV2
{
    public const string ModelId = "tests.tally";

    public long Count { get; set; }

    public double Ratio { get; set; }

    public string Code { get; set; } = "";
}

public sealed class TallyCodeIsText : ISchemaMigration
{
    public int FromVersion => 1;

    public string Description => "Tally.Code is now text";

    public void Apply(DocumentObject root)
    {
        if (root.GetInt64("Code") is { } code)
        {
            root.SetString("Code", code.ToString(System.Globalization.CultureInfo.InvariantCulture));
        }
    }
}
