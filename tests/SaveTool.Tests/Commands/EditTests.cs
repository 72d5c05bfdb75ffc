using System.Buffers;
using System.Diagnostics;
using System.Globalization;
using System.Text;
using Engine.Core.Model;
using Engine.Serialization;
using Engine.Serialization.Container;
using Engine.Serialization.IO;
using Engine.Serialization.Models;
using Engine.Serialization.Slots;
using Engine.Testing;
using RpgGame.Model;

namespace SaveTool.Tests.Commands;

/// <summary><c>savetool edit</c>: values changed, checksums written again, the previous file kept as the backup.</summary>
public sealed class EditTests : IDisposable
{
    private readonly SaveFiles _files = new();

    public void Dispose() => _files.Dispose();

    [Theory]
    [InlineData(SaveFormat.MessagePack, SaveCompression.None)]
    [InlineData(SaveFormat.Xml, SaveCompression.Lz4)]
    [InlineData(SaveFormat.Protobuf, SaveCompression.Lz4)]
    public void Edit_ChangesTheValues_InTheSameFormat_KeepingTheBackup(SaveFormat format, SaveCompression compression)
    {
        var content = SaveFiles.Small();
        string path = _files.Write("slot.sav", content, format, compression);
        byte[] before = File.ReadAllBytes(path);

        var run = SaveToolProgram.Run("edit", path, "--set", "Player.Score=1200", "--set", "Rooms[1].Name=Chapter 2: The Cave", "--set", "Camera.Zoom=1.5", "--set", "Rooms[0].Visited=true");

        Assert.Equal((0, ""), (run.ExitCode, run.Error));
        Assert.Equal(
            [
                $"Player.Score: {content.Player.Score} -> 1200",
                $"Rooms[1].Name: \"{content.Rooms[1].Name}\" -> \"Chapter 2: The Cave\"",
                $"Camera.Zoom: {content.Camera.Zoom} -> 1.5",
                $"Rooms[0].Visited: {(content.Rooms[0].Visited ? "true" : "false")} -> true",
                $"{path}: written; the previous save is kept as {path}.bak",
            ],
            run.Output.TrimEnd('\n').Split('\n'));
        Assert.Equal(before, File.ReadAllBytes(path + ".bak"));
        var info = SaveSerializer.ReadInfo(path);
        Assert.Equal((format, compression), (info.Header.Format, info.Header.Compression));
        Assert.Equal(SaveFiles.Metadata.SavedAtUtc, info.Metadata.SavedAtUtc);
        content.Player.Score = 1200;
        content.Rooms[1].Name = "Chapter 2: The Cave";
        content.Camera.Zoom = 1.5f;
        content.Rooms[0].Visited = true;
        GraphAssert.Equal(content, SaveSerializer.LoadFromFile<GameContent>(path));
    }

    [Fact]
    public void Edit_OfWhatTheMetadataTookFromTheGame_ChangesTheMetadataToo_AndLeavesWhatTheGameSetItself()
    {
        // A slot list shows the metadata: the title and play time a save took from the game follow an edit of them.
        var content = SaveFiles.Small();
        string own = _files.PathOf("own.sav");
        SaveSerializer.SaveToFile(own, content);
        string given = _files.Write("given.sav", content);

        Assert.Equal(0, SaveToolProgram.Run("edit", own, "--set", "Title=The Cave", "--set", "PlayTimeSeconds=99.5").ExitCode);
        Assert.Equal(0, SaveToolProgram.Run("edit", given, "--set", "Title=The Cave", "--set", "PlayTimeSeconds=99.5").ExitCode);

        var ownInfo = SaveSerializer.ReadInfo(own).Metadata;
        Assert.Equal(("The Cave", 99.5), (ownInfo.Title, ownInfo.PlayTimeSeconds));
        var givenInfo = SaveSerializer.ReadInfo(given).Metadata;
        Assert.Equal((SaveFiles.Metadata.Title, SaveFiles.Metadata.PlayTimeSeconds), (givenInfo.Title, givenInfo.PlayTimeSeconds));
        Assert.Equal("The Cave", SaveSerializer.LoadFromFile<GameContent>(given).Title);
    }

    [Fact]
    public void Edit_KeepsEveryMetadataMember_TheSaveDidNotTakeFromTheGame()
    {
        var given = EveryProperty.Set<SaveMetadata>();
        string path = _files.PathOf("given.sav");
        SaveSerializer.SaveToFile(path, SaveFiles.Small(), given);

        Assert.Equal(0, SaveToolProgram.Run("edit", path, "--set", "Player.Score=1200").ExitCode);

        Assert.Empty(EveryProperty.Differing(given with { ModelId = SaveModels.IdOf<GameContent>() }, SaveSerializer.ReadInfo(path).Metadata));
    }

    [Fact]
    public void Edit_OfASlot_LeavesASaveTheSlotLoads_AndItsBackupThePreviousSave()
    {
        var slots = new SaveSlotStore<GameContent>(_files.Folder);
        slots.Save("camp", SaveFiles.Small());
        slots.Save("camp", ContentGenerator.Create(ContentSize.Small, seed: 9));

        var run = SaveToolProgram.Run("edit", slots.PathOf("camp"), "--set", "Player.Name=Ann");

        Assert.Equal(0, run.ExitCode);
        var loaded = slots.Load("camp");
        Assert.Equal(("Ann", false), (loaded.Content.Player.Name, loaded.RecoveredFromBackup));
        Assert.Equal(ContentGenerator.Create(ContentSize.Small, seed: 9).Player.Name, SaveSerializer.LoadFromFile<GameContent>(slots.BackupPathOf("camp")).Player.Name);
    }

    /// <summary>
    /// A game's save to the slot lands while the native savetool edits it: savetool holds the slot's lock from before it
    /// reads the file, so the save waits and then the edit reads it, rather than overwriting it with an edit of the save
    /// before. The test plays the game: it holds the slot's lock as a store does while it writes, and writes its save
    /// once savetool has read the file (its reads, counted in /proc, pass the file's size) or shows no sign of reading it.
    /// </summary>
    [Fact]
    public void Edit_OfASlotTheGameSavesToMeanwhile_EditsTheGamesSave_LosingNoUpdate()
    {
        var slots = new SaveSlotStore<GameContent>(_files.Folder);
        var game = ContentGenerator.Create(ContentSize.Medium, seed: 3);
        slots.Save("camp", game);
        string path = slots.PathOf("camp");
        game.Player.Score = 777;
        byte[] gamesSave = SaveSerializer.Save(game, new SaveMetadata { SlotName = "camp" });

        Process edit;
        using (ProcessLock.Acquire(SlotFiles.LockPathFor(path), TimeSpan.FromSeconds(10), path))
        {
            edit = SaveToolProgram.Native.Launch("edit", path, "--set", "Player.Name=Ann");
            WaitUntilItReads(edit, new FileInfo(path).Length);
            File.WriteAllBytes(path, gamesSave);
        }

        var run = SaveToolProgram.WaitFor(edit);
        edit.Dispose();

        Assert.Equal((0, ""), (run.ExitCode, run.Error));
        var loaded = slots.Load("camp").Content;
        Assert.Equal(("Ann", 777), (loaded.Player.Name, loaded.Player.Score));
        Assert.Equal(gamesSave, File.ReadAllBytes(slots.BackupPathOf("camp")));
    }

    /// <summary>Waits until <paramref name="process"/> has read <paramref name="bytes"/> bytes, or for five seconds in which it doesn't.</summary>
    private static void WaitUntilItReads(Process process, long bytes)
    {
        var patience = Stopwatch.StartNew();
        while (patience.Elapsed < TimeSpan.FromSeconds(5) && !process.HasExited)
        {
            string? read;
            try
            {
                read = File.ReadLines($"/proc/{process.Id}/io").FirstOrDefault(line => line.StartsWith("rchar:", StringComparison.Ordinal));
            }
            catch (IOException)
            {
                return; // it has ended
            }

            if (read is not null && long.Parse(read["rchar:".Length..], CultureInfo.InvariantCulture) >= bytes)
            {
                return;
            }

            Thread.Sleep(5);
        }
    }

    [Theory]
    [InlineData("Player.Score=lots", "error: 'Player.Score' holds a whole number, and 'lots' is not one.")]
    [InlineData("Rooms[0].AmbientLight.R=300", "the edited game would not load, so nothing was written: The save holds a number larger than its member's type can hold at Rooms[0].AmbientLight.R")]
    [InlineData("Rooms[0]=x", "error: 'Rooms[0]' is a Room; --set changes one value: text, a number, true or false, an enum's member, or a time.")]
    [InlineData("Player.Scroe=1", "error: 'Player.Scroe' is not in the game: Player has no member 'Scroe'; it has CharacterId, Name, Score, Moves, SelectedItemId.")]
    [InlineData("SchemaVersion=2", "the edited game would not load, so nothing was written: ")]
    [InlineData("Rooms[0].Hotspots[0].Cursor=99", "the edited game would not load, so nothing was written: ")]
    [InlineData("Player.Score", "error: '--set Player.Score' is not PATH=VALUE (Player.Score=120); see 'savetool --help'")]
    public void Edit_ThatCanNotBeMade_IsOneLine_AndWritesNothing(string set, string message)
    {
        string path = _files.Write("slot.sav", SaveFiles.Small());
        byte[] before = File.ReadAllBytes(path);

        var run = SaveToolProgram.Run("edit", path, "--set", set);

        Assert.Equal((2, ""), (run.ExitCode, run.Output));
        Assert.Contains(message, run.OneErrorLine(), StringComparison.Ordinal);
        Assert.Equal(before, File.ReadAllBytes(path));
        Assert.False(File.Exists(path + ".bak"));
    }

    [Fact]
    public void Edit_OfAGamesOwnModel_GoesThroughItsTypes()
    {
        string path = _files.Write("party.sav", PartyFactory.Sample(), SaveFormat.Xml);

        var run = SaveToolProgram.Run("edit", path, "--set", "Reputation[Thieves' guild]=25", "--set", "LastRestUtc=2026-12-24T18:00:00Z");

        Assert.Equal((0, ""), (run.ExitCode, run.Error));
        var party = SaveSerializer.LoadFromFile<PartyState>(path);
        Assert.Equal(25, party.Reputation["Thieves' guild"]);
        Assert.Equal(new DateTime(2026, 12, 24, 18, 0, 0, DateTimeKind.Utc), party.LastRestUtc);
    }

    /// <summary>Members a newer game wrote are kept by a load and re-save in the format that holds them; an edit must not lose them.</summary>
    [Theory]
    [InlineData(SaveFormat.MessagePack)]
    [InlineData(SaveFormat.Xml)]
    public void Edit_OfASaveHoldingMembersTheModelLacks_KeepsThemOrWritesNothing(SaveFormat format)
    {
        string path = _files.PathOf("newer.sav");
        File.WriteAllBytes(path, NewerGamesSave(format));
        byte[] before = File.ReadAllBytes(path);

        var run = SaveToolProgram.Run("edit", path, "--set", "Player.Score=5");

        if (format == SaveFormat.MessagePack)
        {
            Assert.Equal(0, run.ExitCode);
            var game = SaveToolProgram.Run("dump", path, "--path", "Player").Output;
            Assert.Contains("\"Nickname\": \"Ace\"", game, StringComparison.Ordinal);
            Assert.Contains("\"Score\": 5", game, StringComparison.Ordinal);
        }
        else
        {
            Assert.Equal(2, run.ExitCode);
            Assert.Contains("the save holds members its model doesn't have", run.OneErrorLine(), StringComparison.Ordinal);
            Assert.Equal(before, File.ReadAllBytes(path));
        }
    }

    /// <summary>A Small game's save with a member this model lacks added to its player, as a newer game would write it.</summary>
    private static byte[] NewerGamesSave(SaveFormat format)
    {
        var content = SaveFiles.Small();
        if (format == SaveFormat.MessagePack)
        {
            return SaveFiles.WithAPlayerMemberTheModelLacks(content, [0xA8, .. "Nickname"u8, 0xA3, .. "Ace"u8], SaveModels.IdOf<GameContent>());
        }

        content.Player.Name = "Ace";
        var xml = new ArrayBufferWriter<byte>();
        SaveModels.Find(SaveModels.IdOf<GameContent>())!.Encode(SaveFormat.Xml, xml, content);
        byte[] payload = Encoding.UTF8.GetBytes(Encoding.UTF8.GetString(xml.WrittenSpan).Replace("</Player>", "  <Nickname>Ace</Nickname>\n  </Player>", StringComparison.Ordinal));
        var file = new ArrayBufferWriter<byte>();
        SaveContainer.Write(file, format, SaveCompression.None, 1, new SaveMetadata { ModelId = SaveModels.IdOf<GameContent>() }, payload, payload.Length);
        return file.WrittenSpan.ToArray();
    }
}
