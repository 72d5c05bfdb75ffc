using Engine.Core.Model;
using Engine.Serialization.Internal;
using Engine.Serialization.Models;
using Engine.Serialization.Slots;
using Engine.Serialization.Snapshots;
using Engine.Testing;
using RpgGame.Model;

namespace Engine.Serialization.Tests.Snapshots;

/// <summary>
/// The store's snapshot, refreshed from the game at each save instead of copied whole: after a refresh it equals the
/// game (by the reflection oracle) and shares nothing mutable with it, and the file its image holds after each save is
/// byte for byte the one a full encode of the game writes, through any sequence of changes.
/// </summary>
public sealed class SnapshotRefreshTests
{
    public static TheoryData<int> Seeds() => [.. Enumerable.Range(1, 60)];

    [Theory]
    [MemberData(nameof(Seeds))]
    public void Refresh_FromOneRandomPartyToAnother_GivesAnEqualGraph_ThatSharesNothingMutable(int seed)
    {
        var codec = SaveModels.Get<PartyState>();
        var copy = codec.Copy(PartyFactory.Random(seed));
        var next = PartyFactory.Random(seed + 1000);
        var changes = new SnapshotChanges();

        codec.Refresh(next, ref copy, changes);

        Assert.True(changes.Any);
        GraphAssert.Equal(next, copy);
        Assert.Null(SharedObjects.FindFirst(next, copy));
    }

    [Theory]
    [MemberData(nameof(Seeds))]
    public void SnapshotImage_ThroughRandomParties_IsByteIdenticalToAFullSave(int seed)
    {
        var snapshot = new SaveSnapshot<PartyState>(SaveModels.Get<PartyState>());
        foreach (var party in new[] { seed, seed + 1, seed + 1 }.Select(PartyFactory.Random))
        {
            if (PartyFactory.HoldsInvalidText(party))
            {
                continue;
            }

            SnapshotImages.AssertImageIsAFullSave(snapshot, party);
        }
    }

    [Theory]
    [MemberData(nameof(Seeds))]
    public void SnapshotImage_ThroughChangesMadeInPlaceToAParty_IsByteIdenticalToAFullSave(int seed)
    {
        // The game changes its collections, arrays and objects where they are, as a game at play does, rather than
        // replacing them: the refresh must see each change through the same instances.
        var random = new Random(seed);
        var party = PartyFactory.Sample();
        party.FogOfWar = new byte[8, 8];
        party.Heights = new float[64, 32]; // 8 KiB: compared through a hash
        party.Portrait = new byte[5000];
        var snapshot = new SaveSnapshot<PartyState>(SaveModels.Get<PartyState>());
        SnapshotImages.AssertImageIsAFullSave(snapshot, party);
        for (var round = 0; round < 12; round++)
        {
            for (var change = 1 + random.Next(3); change > 0; change--)
            {
                ChangeInPlace(party, random, round);
            }

            SnapshotImages.AssertImageIsAFullSave(snapshot, party);
        }
    }

    private static void ChangeInPlace(PartyState party, Random random, int round)
    {
        var key = $"k{random.Next(4)}";
        switch (random.Next(18))
        {
            case 0: party.Reputation[key] = random.Next(100); break;
            case 1: party.Reputation.Remove(party.Reputation.Keys.FirstOrDefault() ?? key); break;
            case 2: party.Quests[random.Next(3)] = new QuestState($"quest {round}", QuestStage.Active) { Reward = round }; break;
            case 3: party.Bestiary[key] = round; break;
            case 4: party.Flags[key] = $"flag {round}"; break;
            case 5: if (!party.UnlockedAreas.Remove(key)) { party.UnlockedAreas.Add(key); } break;
            case 6: if (!party.VisitedShrines.Remove(random.Next(4))) { party.VisitedShrines.Add(random.Next(4)); } break;
            case 7: party.Stash.Add(new Potion { Name = $"potion {round}", Heal = round }); break;
            case 8: if (party.Stash.Count > 0) { party.Stash.RemoveAt(random.Next(party.Stash.Count)); } break;
            case 9: party.Journal.Add($"day {round}"); break;
            case 10: party.EventQueue.Enqueue($"event {round}"); if (random.Next(2) == 0) { party.EventQueue.Dequeue(); } break;
            case 11: party.MenuHistory.Push($"menu {round}"); break;
            case 12: party.Notes.Add(random.Next(2) == 0 ? null : $"note {round}"); break;
            case 13:
                if (party.FogOfWar.Length > 0) { party.FogOfWar[0, random.Next(party.FogOfWar.GetLength(1))] ^= 0xFF; }
                if (party.Heights.Length > 0) { party.Heights[random.Next(party.Heights.GetLength(0)), 0] += 0.5f; }
                break;
            case 14: if (party.Portrait is { Length: > 0 } portrait) { portrait[random.Next(portrait.Length)] ^= 0x5A; } break;
            case 15:
                if (party.Heroes.Count > 0)
                {
                    var hero = party.Heroes[random.Next(party.Heroes.Count)];
                    hero.Health = -hero.Health;
                    hero.Equipment[(Slot)random.Next(4)] = new Armor { Name = $"armor {round}", Defense = round };
                }

                break;
            case 16: party.Inventory.Add($"item {random.Next(3)}", 1 + random.Next(3)); break;
            default: party.PartyEffect = party.PartyEffect is Poisoned ? new Hasted { Multiplier = round } : new Poisoned { TurnsLeft = round }; break;
        }
    }

    [Theory]
    [MemberData(nameof(Seeds))]
    public void SnapshotImage_ThroughRandomChangesToAGame_IsByteIdenticalToAFullSave(int seed)
    {
        var random = new Random(seed);
        AssertEverySaveIsAFullSave(ContentGenerator.Create(ContentSize.Small), rounds: 12, (content, _) => GameChanges.Apply(content, random, changes: 1 + random.Next(4)));
    }

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    [InlineData(4)]
    public void SnapshotImage_ThroughRandomChangesToAGameOfManyChecksumChunks_IsByteIdenticalToAFullSave(int seed)
    {
        // A Medium payload spans 16 chunks of the payload checksum: each save hashes again only the chunks it changed
        // (or moved), and the header must still be a full save's.
        var random = new Random(seed);
        AssertEverySaveIsAFullSave(ContentGenerator.Create(ContentSize.Medium), rounds: 6, (content, _) => GameChanges.Apply(content, random, changes: 1 + random.Next(4)));
    }

    [Fact]
    public void SnapshotImage_OfALogKeptToItsLength_IsByteIdenticalToAFullSave() =>
        // Every element of the log changes at each save and most change length: one pass over the image, not one per element.
        AssertEverySaveIsAFullSave(ContentGenerator.Create(ContentSize.Medium), rounds: 3, (content, round) =>
        {
            content.MessageLog.RemoveAt(0);
            content.MessageLog.Add(new LogMessage { Text = $"round {round}: the lantern flickers", Speaker = "Old Marta" });
            content.Rooms[round].Description += " It is colder now.";
        });

    [Fact]
    public void SnapshotImage_OfRootListsThatGrowAndShrinkAtTheirEnd_IsByteIdenticalToAFullSave() =>
        // The log gains messages, rooms are added and the newest dropped, items lose their last three: each save encodes
        // only those lists' headers and the elements at their end.
        AssertEverySaveIsAFullSave(ContentGenerator.Create(ContentSize.Medium), rounds: 4, (content, round) =>
        {
            content.MessageLog.Add(new LogMessage { Text = $"round {round}" });
            content.MessageLog.Add(new LogMessage { Text = $"round {round}, again", Kind = MessageKind.Speech });
            if (round % 2 == 0)
            {
                content.Rooms.Add(new Room { Id = $"room-extra-{round}", Name = "Extra", WalkGrid = new HeightGrid(3, 2) });
            }
            else
            {
                content.Rooms.RemoveAt(content.Rooms.Count - 1);
                content.Items.RemoveRange(content.Items.Count - 3, 3);
            }
        });

    [Theory]
    [InlineData(8)]
    [InlineData(4096)]
    public void RefreshItems_OfAGrid_TakesEveryChange_IncludingBackToAnEarlierState(int cells)
    {
        var grid = new float[cells];
        var copy = new float[cells];

        Assert.False(SnapshotRefresh.RefreshItems<float>(grid, copy, copy));
        grid[cells - 1] = -0f; // equal to 0 as a number, not as bytes
        Assert.True(SnapshotRefresh.RefreshItems<float>(grid, copy, copy));
        Assert.False(SnapshotRefresh.RefreshItems<float>(grid, copy, copy));
        grid[cells - 1] = 0f;
        Assert.True(SnapshotRefresh.RefreshItems<float>(grid, copy, copy));
        grid[0] = float.NaN;
        Assert.True(SnapshotRefresh.RefreshItems<float>(grid, copy, copy));

        Assert.Equal(grid.Select(BitConverter.SingleToInt32Bits), copy.Select(BitConverter.SingleToInt32Bits));
        var other = new float[cells]; // a new copy array knows no hash: compared item by item first
        Assert.True(SnapshotRefresh.RefreshItems<float>(grid, other, other));
        Assert.Equal(grid.Select(BitConverter.SingleToInt32Bits), other.Select(BitConverter.SingleToInt32Bits));
    }

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    public void SnapshotImage_ThroughRandomChangesToAGameWithLargeGrids_IsByteIdenticalToAFullSave(int seed)
    {
        var random = new Random(seed);
        var content = ContentGenerator.Create(ContentSize.Medium); // grids past the size compared by hash
        var snapshot = new SaveSnapshot<GameContent>(SaveModels.Get<GameContent>());
        for (var round = 0; round < 8; round++)
        {
            GameChanges.Apply(content, random, changes: 1 + random.Next(6));
            SnapshotImages.AssertImageIsAFullSave(snapshot, content);
        }

        Assert.Equal(1, snapshot.WholeEncodes);
    }

    [Fact]
    public void Refresh_OfAnUnchangedGame_ReportsNothing_AndAOnePercentChange_OnlyTheRoomsItTouched()
    {
        var codec = SaveModels.Get<GameContent>();
        var content = ContentGenerator.Create(ContentSize.Medium);
        var copy = codec.Copy(content);
        var changes = new SnapshotChanges();

        codec.Refresh(content, ref copy, changes);
        Assert.False(changes.Any);

        content.Rooms[3].Visited = !content.Rooms[3].Visited;
        content.Rooms[7].WalkGrid.Cells[5] = -0f; // 0 and -0 are equal numbers, not equal bytes
        codec.Refresh(content, ref copy, changes);

        var rooms = SaveModels.Get<GameContent>().SectionKeys.ToList().IndexOf(nameof(GameContent.Rooms));
        Assert.False(changes.All);
        Assert.Empty(changes.Members);
        Assert.Equal([(rooms, 3), (rooms, 7)], changes.Elements);
        GraphAssert.Equal(content, copy);
    }

    [Fact]
    public Task SaveAsync_HoldsTheStateAtTheCall_WhenTheGameChangesRightAfter() => InStore(async store =>
    {
        var content = ContentGenerator.Create(ContentSize.Medium);
        await store.SaveAsync("slot", content);
        content.Rooms[4].Visited = !content.Rooms[4].Visited;
        var atTheCall = SaveModels.Get<GameContent>().Copy(content);

        var saving = store.SaveAsync("slot", content);
        content.Rooms[4].Name = "changed after the call";
        content.Rooms[5].WalkGrid.Cells[0] = 42f;
        content.Rooms.RemoveAt(6);
        content.Player.Name = "changed";
        await saving;

        GraphAssert.Equal(atTheCall, store.Load("slot").Content);
    });

    [Fact]
    public Task Autosaves_AfterChanges_AreByteIdenticalToFullSaves() => InStore(async store =>
    {
        var content = ContentGenerator.Create(ContentSize.Medium);
        var random = new Random(17);
        for (var round = 0; round < 6; round++)
        {
            GameChanges.Apply(content, random, changes: 3);
            var slot = await store.AutosaveAsync(content);

            var file = await File.ReadAllBytesAsync(store.PathOf(slot));
            Assert.Equal(SaveSerializer.Save(content, SaveSerializer.ReadPayload(file).Info.Metadata), file);
        }
    });

    private static async Task InStore(Func<SaveSlotStore<GameContent>, Task> test)
    {
        var folder = Directory.CreateTempSubdirectory("snapshot-saves-").FullName;
        try
        {
            await test(new SaveSlotStore<GameContent>(folder));
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    /// <summary>Saves the game, then changes it and saves again each round: each image equals a full save, and only the first is encoded whole.</summary>
    private static void AssertEverySaveIsAFullSave(GameContent content, int rounds, Action<GameContent, int> change)
    {
        var snapshot = new SaveSnapshot<GameContent>(SaveModels.Get<GameContent>());
        SnapshotImages.AssertImageIsAFullSave(snapshot, content);
        for (var round = 0; round < rounds; round++)
        {
            change(content, round);
            SnapshotImages.AssertImageIsAFullSave(snapshot, content);
        }

        Assert.Equal(1, snapshot.WholeEncodes);
    }
}
