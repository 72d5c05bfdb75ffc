using Engine.Serialization.Models;
using Engine.Testing;
using RpgGame.Model;

namespace Engine.Serialization.Tests.Models;

/// <summary>
/// What a save accepts, a load gives back: random parties of the RPG (a model using every supported kind, with the
/// values formats get wrong) round-trip to a graph the reflection oracle finds equal, or are refused at save when they
/// hold text UTF-8 can't carry. The snapshot copy is held to the same oracle.
/// </summary>
public sealed class RoundTripPropertyTests
{
    public static TheoryData<int> Seeds() => [.. Enumerable.Range(1, 150)];

    [Theory]
    [MemberData(nameof(Seeds))]
    public void RandomParty_RoundTripsInEveryFormat_OrIsRefusedForTextUtf8CantCarry(int seed)
    {
        var party = PartyFactory.Random(seed);
        foreach (var format in Enum.GetValues<SaveFormat>())
        {
            var options = new SaveOptions { Format = format, Compression = seed % 2 == 0 ? SaveCompression.Lz4 : SaveCompression.None };
            if (PartyFactory.HoldsInvalidText(party))
            {
                var refused = Assert.Throws<SaveEncodingException>(() => SaveSerializer.Save(party, options: options));
                Assert.Contains("surrogate", refused.Message, StringComparison.Ordinal);
                continue;
            }

            var loaded = SaveSerializer.Load<PartyState>(SaveSerializer.Save(party, options: options));

            GraphAssert.Equal(party, loaded);
        }
    }

    [Theory]
    [MemberData(nameof(Seeds))]
    public void RandomParty_SnapshotCopy_IsEqual_AndSharesNothingMutable(int seed)
    {
        var party = PartyFactory.Random(seed);

        var copy = SaveModels.Get<PartyState>().Copy(party);

        GraphAssert.Equal(party, copy);
        Assert.Null(SharedObjects.FindFirst(party, copy));
    }

    [Fact]
    public void SeedsCoverEveryEdge_TextRefusedAndTextKept()
    {
        var parties = Enumerable.Range(1, 150).Select(PartyFactory.Random).ToList();

        Assert.Contains(parties, PartyFactory.HoldsInvalidText);
        Assert.Contains(parties, p => !PartyFactory.HoldsInvalidText(p));
        Assert.Contains(parties, p => p.Heroes.Count > 100);
        Assert.Contains(parties, p => p.Heroes.Count == 0);
        Assert.Contains(parties, p => p.Notes.Contains(null));
        Assert.Contains(parties, p => p.Quests.Values.Any(q => q.StartedAt.Kind == DateTimeKind.Local));
        Assert.Contains(parties, p => float.IsNaN(p.MapScroll.X));
        Assert.Contains(parties, p => p.Steps == long.MinValue);
    }

    [Fact]
    public void SampleParty_RoundTripsInEveryFormat_AndItsCallbacksRebuildWhatIsNotSaved()
    {
        var party = PartyFactory.Sample();
        foreach (var format in Enum.GetValues<SaveFormat>())
        {
            var loaded = SaveSerializer.Load<PartyState>(SaveSerializer.Save(party, options: new SaveOptions { Format = format }));

            GraphAssert.Equal(party, loaded);
            Assert.Equal(3, loaded.Inventory.CountOf("torch"));
        }
    }

    [Fact]
    public void Save_NullWhereThePartyHasNone_IsRefusedNamingTheMember_BeforeAnythingIsWritten()
    {
        var party = PartyFactory.Sample();
        party.Heroes[1].Equipment[Slot.Head].Name = null!;
        var stream = new MemoryStream();

        var error = Assert.Throws<SaveEncodingException>(() => SaveSerializer.Save(stream, party));

        Assert.Contains("Heroes[1].Equipment[Head].Name", error.Message, StringComparison.Ordinal);
        Assert.Equal(0, stream.Length);
    }

    [Fact]
    public void Save_BagsOverTheirCapacity_AreRefusedByTheModelsOwnCallback()
    {
        var party = PartyFactory.Sample();
        for (int i = 0; i < 30; i++)
        {
            party.Inventory.Add($"pebble {i}", 1);
        }

        var error = Assert.Throws<SaveEncodingException>(() => SaveSerializer.Save(party));

        Assert.Contains("only have room for 20", error.Message, StringComparison.Ordinal);
    }
}
