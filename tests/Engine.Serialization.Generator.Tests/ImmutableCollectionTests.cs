using System.Collections.Immutable;
using Engine.Serialization.Compression;
using Engine.Serialization.Formats;
using Engine.Serialization.Slots;
using Engine.Testing;
using MessagePack;
using MessagePack.Resolvers;

namespace Engine.Serialization.Generator.Tests;

/// <summary>
/// ImmutableArray&lt;T&gt; and ImmutableDictionary&lt;K,V&gt;, taught to the generator by their rows of the kinds table
/// alone: the same bytes as MessagePack-CSharp's ImmutableCollection formatters (a default ImmutableArray as nil), and a
/// round trip in every format, with and without LZ4, through a snapshot copy and a snapshot refreshed between saves.
/// </summary>
public sealed class ImmutableCollectionTests : IDisposable
{
    private static readonly MessagePackSerializerOptions MessagePacksOwn = MessagePackSerializerOptions.Standard.WithResolver(StandardResolver.Instance);

    private readonly string _folder = Directory.CreateTempSubdirectory("immutable-kinds-").FullName;

    public static TheoryData<SaveFormat, SaveCompression> FormatsAndCompressions()
    {
        var data = new TheoryData<SaveFormat, SaveCompression>();
        foreach (var format in Enum.GetValues<SaveFormat>())
        {
            foreach (var compression in Enum.GetValues<SaveCompression>())
            {
                data.Add(format, compression);
            }
        }

        return data;
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    [Fact]
    public void ImmutableCollections_MatchMessagePack() => AssertCompatible(KindSamples.ImmutableCollections());

    [Fact]
    public void DefaultImmutableArrays_AreNil_AsInMessagePack()
    {
        var value = new ImmutableCollections();

        byte[] ours = AssertCompatible(value);

        Assert.True(MessagePackSerializer.Deserialize<ImmutableCollections>(ours, MessagePacksOwn).Tags.IsDefault);
        Assert.True(Serializer.ReadDirect(ours, (ref MessagePackReader r, out ImmutableCollections v) => KindsResolver.Read(ref r, out v)).Tags.IsDefault);
    }

    [Theory]
    [MemberData(nameof(FormatsAndCompressions))]
    public void ImmutableCollections_RoundTrip(SaveFormat format, SaveCompression compression)
    {
        var options = new SaveOptions { Format = format, Compression = compression };
        foreach (var value in new[] { KindSamples.ImmutableCollections(), new ImmutableCollections() })
        {
            var loaded = SaveSerializer.Load<ImmutableCollections>(SaveSerializer.Save(value, options: options));

            GraphAssert.Equal(value, loaded);
            Assert.Equal(value.Tags.IsDefault, loaded.Tags.IsDefault);
        }
    }

    [Fact]
    public void PreparedSave_HoldsTheImmutableCollectionsAtTheCall_ItemsCopied()
    {
        var value = KindSamples.ImmutableCollections();
        var expected = SaveSerializer.Save(value);
        var prepared = PreparedSave<ImmutableCollections>.Prepare(value);

        value.Items[0].Name = "changed after the call";
        value.ById[7].Count = 99;

        GraphAssert.Equal(SaveSerializer.Load<ImmutableCollections>(expected), SaveSerializer.Load<ImmutableCollections>(prepared.ToArray()));
    }

    [Theory]
    [MemberData(nameof(FormatsAndCompressions))]
    public void SlotSaves_RefreshTheSnapshotThroughChanges_AndLoadEachState(SaveFormat format, SaveCompression compression)
    {
        var store = new SaveSlotStore<ImmutableCollections>(_folder, new SaveOptions { Format = format, Compression = compression });
        var value = KindSamples.ImmutableCollections();
        store.Save("slot", value);

        value.Items[0].Name = "renamed in place";
        value.Numbers = value.Numbers.Add(4);
        value.Tags = ["now set"];
        value.ByName = value.ByName.SetItem("gold", 13);
        value.ById[7].Count = 2;
        AssertSavesAndLoads(store, value);

        value.Items = [];
        value.Tags = default;
        value.ById = value.ById.Remove(7);
        value.Absent = ImmutableDictionary<string, int>.Empty.Add("k", 1);
        AssertSavesAndLoads(store, value);
    }

    private static void AssertSavesAndLoads(SaveSlotStore<ImmutableCollections> store, ImmutableCollections value)
    {
        store.Save("slot", value);
        var loaded = store.Load("slot").Content;

        GraphAssert.Equal(value, loaded);
        Assert.Equal(value.Tags.IsDefault, loaded.Tags.IsDefault);
    }

    /// <summary>Both write the same bytes; each reads the other's into an equal graph. Returns the generated code's bytes.</summary>
    private static byte[] AssertCompatible(ImmutableCollections value)
    {
        byte[] theirs = MessagePackSerializer.Serialize(value, MessagePacksOwn);
        byte[] ours = Serializer.WriteDirect(value, KindsResolver.Write);

        Assert.Equal(theirs, ours);
        GraphAssert.Equal(value, Serializer.ReadDirect(theirs, (ref MessagePackReader r, out ImmutableCollections v) => KindsResolver.Read(ref r, out v)));
        GraphAssert.Equal(value, MessagePackSerializer.Deserialize<ImmutableCollections>(ours, MessagePacksOwn));
        return ours;
    }
}
