using System.Text.RegularExpressions;
using Engine.Serialization;
using Engine.Testing;
using RpgGame.Model;

namespace SaveTool.Tests.Commands;

/// <summary>
/// Paths as C# code writes them, in dump, diff and edit alike, over the RPG's model: a union list (Stash, an
/// IList&lt;Item&gt;), 2-D grids (FogOfWar, Heights), dictionaries keyed by int, enum and Guid (Quests, a hero's
/// Equipment, Discoveries); and values as the model's types read them.
/// </summary>
public sealed class ModelPathTests : IDisposable
{
    private readonly SaveFiles _files = new();

    public void Dispose() => _files.Dispose();

    public static TheoryData<SaveFormat> Formats() => new(SaveFormat.MessagePack, SaveFormat.Xml, SaveFormat.Protobuf);

    [Theory]
    [MemberData(nameof(Formats))]
    public void Dump_TakesEveryPathForm(SaveFormat format)
    {
        string path = _files.Write("party.sav", PartyFactory.Sample(), format);

        Assert.Equal("\"Rusty dagger\"", Dump(path, "Stash[1].Name"));
        Assert.Equal("2", Dump(path, "Stash[0].Charges"));
        Assert.Equal("64", Dump(path, "FogOfWar[1,2]"));
        Assert.Equal("-0.5", Dump(path, "Heights[1, 1]"));
        Assert.Equal("3", Dump(path, "Dungeon[1,1,1]"));
        Assert.Equal("\"Wyrm in the well\"", Dump(path, "Quests[7].Title"));
        Assert.Equal("true", Dump(path, "Quests[1].Objectives[\"return the key\"]"));
        Assert.Equal("\"Circlet\"", Dump(path, "Heroes[1].Equipment[Slot.Head].Name"));
        Assert.Equal("9.5", Dump(path, "Heroes[0].Equipment[Hands].Damage"));
        Assert.Equal("-15", Dump(path, "Reputation[\"Thieves' guild\"]"));
        Assert.Equal("-15", Dump(path, "Reputation[Thieves' guild]"));
        Assert.Equal("\"2026-11-01T09:30:00.0000000Z\"", Dump(path, "Discoveries[\"9a1e7c55-7f3b-4c3e-8a77-1d2b3c4d5e6f\"]"));
        Assert.Equal("3", Dump(path, "PartyEffect.TurnsLeft"));
        Assert.Equal("13", Dump(path, "Rival.Item2"));
        Assert.Equal("25", Dump(path, "CameraPosition.Y"));
    }

    [Theory]
    [InlineData("Stash[0][1].Name", "Stash[0] is a Potion, not a list or dictionary: name one of its members")]
    [InlineData("Stash[2].Name", "Stash is a list of 2 items; [2] is none of them")]
    [InlineData("FogOfWar[1]", "FogOfWar is a grid of 2 x 3 cells: name a cell with 2 indices, like [0,0]")]
    [InlineData("FogOfWar[2,0]", "FogOfWar is a grid of 2 x 3 cells; [2] is none of them")]
    [InlineData("Quests[3]", "Quests has no entry [3]; its keys are 1, 7")]
    [InlineData("Heroes[0].Equipment[Feet]", "Heroes[0].Equipment has no entry [Feet]; its keys are Slot.Body, Slot.Hands")]
    [InlineData("Quests.Title", "Quests is a Dictionary<int, QuestState>: name an entry by its key, like Quests[7]")]
    [InlineData("Stash[0].Damage", "Stash[0] has no member 'Damage'; it has Name, Value, Heal, Charges")]
    public void Dump_OfAPathNotInTheGame_SaysWhatIsThere(string member, string why)
    {
        string path = _files.Write("party.sav", PartyFactory.Sample());

        var run = SaveToolProgram.Run("dump", path, "--path", member);

        Assert.Equal(2, run.ExitCode);
        Assert.Contains($"'{member}' is not in the game: {why}", run.OneErrorLine(), StringComparison.Ordinal);
    }

    [Fact]
    public void Diff_NamesEachValueAsPathsDo()
    {
        var party = PartyFactory.Sample();
        string before = _files.Write("before.sav", party);
        ((Potion)party.Stash[0]).Charges = 1;
        party.Stash[1] = new Armor { Name = "Rusty dagger", Value = 2 };
        party.FogOfWar[1, 2] = 0;
        party.Quests[7].Objectives["descend"] = true;
        party.Heroes[1].Equipment[Slot.Head].Value = 310;
        party.Reputation["Millers"] = 41;
        party.Affinity = Element.Ice;
        party.Heroes[0] = party.Heroes[0] with { Class = HeroClass.Rogue };
        party.PlayTime = new TimeSpan(6, 0, 0);
        string after = _files.Write("after.sav", party, SaveFormat.Xml);

        var run = SaveToolProgram.Run("diff", before, after);

        Assert.Equal((1, ""), (run.ExitCode, run.Error));
        Assert.Equal(
            [
                "PlayTime: 05:42:17 -> 06:00:00",
                "Heroes[0].Class: Warrior -> Rogue",
                "Heroes[1].Equipment[Slot.Head].Value: 300 -> 310",
                "Reputation[\"Millers\"]: 40 -> 41",
                "Quests[7].Objectives[\"descend\"]: false -> true",
                "Stash[0].Charges: 2 -> 1",
                "Stash[1]: Weapon {\"Name\":\"Rusty dagger\",\"Value\":2,\"Damage\":2.5,\"Element\":0} -> Armor {\"Name\":\"Rusty dagger\",\"Value\":2,\"Defense\":0,\"Slot\":0}",
                "FogOfWar: 1 of 6 items differ, first FogOfWar[1,2]: 64 -> 0",
                "Affinity: Fire, Storm -> Ice",
                "9 members differ.",
            ],
            run.Output.TrimEnd('\n').Split('\n'));

        foreach (string line in run.Output.Split('\n').Where(line => line.Contains(": ", StringComparison.Ordinal) && !line.Contains("items differ", StringComparison.Ordinal)))
        {
            Assert.Equal(0, SaveToolProgram.Run("dump", before, "--path", line[..line.IndexOf(": ", StringComparison.Ordinal)]).ExitCode);
        }
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void Edit_TakesEveryPathForm_AndValuesAsTheirTypesAreWritten(SaveFormat format)
    {
        string path = _files.Write("party.sav", PartyFactory.Sample(), format, SaveCompression.Lz4);

        var run = SaveToolProgram.Run(
            "edit", path,
            "--set", "Stash[1].Name=Old dagger",
            "--set", "FogOfWar[0,1]=7",
            "--set", "Quests[7].Objectives[\"descend\"]=true",
            "--set", "Heroes[1].Equipment[Slot.Head].Value=320",
            "--set", "Heroes[0].Class=Cleric",
            "--set", "Affinity=Ice, Storm",
            "--set", "Heroes[1].Skills[0].Element=Element.Storm",
            "--set", "PlayTime=1.02:03:04",
            "--set", "SaveId=0f8fad5b-d9cb-469f-a165-70867728950e",
            "--set", "LastRestUtc=2026-12-24T18:00:00Z",
            "--set", "StartedAt=2026-11-01T08:00:00+02:00",
            "--set", "CalendarDate=1042-03-15",
            "--set", "Gold=99.95",
            "--set", "Quests[1].Reward=null",
            "--set", "Portrait=null",
            "--set", "Notes[1]=\"null\"",
            "--set", "Location=\"quoted\"",
            "--set", "PartyEffect=null");

        Assert.Equal((0, ""), (run.ExitCode, run.Error));
        Assert.Contains("Heroes[0].Class: Warrior -> Cleric", run.Output, StringComparison.Ordinal);
        Assert.Contains("PlayTime: 05:42:17 -> 1.02:03:04", run.Output, StringComparison.Ordinal);
        Assert.Contains("Heroes[1].Equipment[Slot.Head].Value: 300 -> 320", run.Output, StringComparison.Ordinal);

        var expected = PartyFactory.Sample();
        expected.Stash[1].Name = "Old dagger";
        expected.FogOfWar[0, 1] = 7;
        expected.Quests[7].Objectives["descend"] = true;
        expected.Heroes[1].Equipment[Slot.Head].Value = 320;
        expected.Heroes[0] = expected.Heroes[0] with { Class = HeroClass.Cleric };
        expected.Affinity = Element.Ice | Element.Storm;
        expected.Heroes[1] = expected.Heroes[1] with { Skills = new[] { new Skill("Firebolt", 4, Element.Storm), expected.Heroes[1].Skills[1] } };
        expected.PlayTime = new TimeSpan(1, 2, 3, 4);
        expected.SaveId = Guid.Parse("0f8fad5b-d9cb-469f-a165-70867728950e");
        expected.LastRestUtc = new DateTime(2026, 12, 24, 18, 0, 0, DateTimeKind.Utc);
        expected.StartedAt = new DateTimeOffset(2026, 11, 1, 8, 0, 0, TimeSpan.FromHours(2));
        expected.CalendarDate = new DateOnly(1042, 3, 15);
        expected.Gold = 99.95m;
        expected.Quests[1].Reward = null;
        expected.Portrait = null;
        expected.Notes[1] = "null";
        expected.Location = "quoted";
        expected.PartyEffect = null;
        GraphAssert.Equal(expected, SaveSerializer.LoadFromFile<PartyState>(path));
    }

    [Theory]
    [InlineData("PartyName=null", "'PartyName' can't be null: the model declares it string, not string?; for the text null, write \"null\" in quotes.")]
    [InlineData("Heroes[0].Level=null", "'Heroes[0].Level' can't be null: the model declares it int, not int?.")]
    [InlineData("Heroes[0].Class=Bard", "'Heroes[0].Class' holds a HeroClass (one of Warrior, Mage, Rogue, Cleric), and 'Bard' is not one.")]
    [InlineData("Heroes[0].Class=Mage, Rogue", "'Heroes[0].Class' holds one member of HeroClass, which is not [Flags], and 'Mage, Rogue' is not one.")]
    [InlineData("PlayTime=an hour", "'PlayTime' holds a TimeSpan (like 00:00:00), and 'an hour' is not one.")]
    [InlineData("SaveId=42", "'SaveId' holds a Guid (like 00000000-0000-0000-0000-000000000000), and '42' is not one.")]
    [InlineData("Stash[1]=null", "'Stash[1]' can't be null: the model declares it Item, not Item?.")]
    [InlineData("Stash[1]=Armor", "'Stash[1]' is an Item; --set changes one value, not which case it is. To make it another case, --set-case 'Stash[1]=Weapon|Armor|Potion'")]
    [InlineData("Stash[0][0]=1", "'Stash[0][0]' is not in the game: Stash[0] is a Potion, not a list or dictionary")]
    [InlineData("Heights[0,0]=high", "'Heights[0,0]' holds a number, and 'high' is not one.")]
    public void Edit_ThatTheModelRefuses_IsOneLine_AndWritesNothing(string set, string message)
    {
        string path = _files.Write("party.sav", PartyFactory.Sample());
        byte[] before = File.ReadAllBytes(path);

        var run = SaveToolProgram.Run("edit", path, "--set", set);

        Assert.Equal((2, ""), (run.ExitCode, run.Output));
        Assert.Contains(message, run.OneErrorLine(), StringComparison.Ordinal);
        Assert.Equal(before, File.ReadAllBytes(path));
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void SetCase_ChangesAUnionsCase_KeepingTheMembersBothHave(SaveFormat format)
    {
        string path = _files.Write("party.sav", PartyFactory.Sample(), format);

        var run = SaveToolProgram.Run("edit", path, "--set-case", "Stash[1]=Armor", "--set", "Stash[1].Defense=4", "--set-case", "Heroes[1].Equipment[Head]=Potion", "--set-case", "PartyEffect=Hasted");

        Assert.Equal((0, ""), (run.ExitCode, run.Error));
        Assert.Contains("Stash[1]: Weapon {", run.Output, StringComparison.Ordinal);
        var party = SaveSerializer.LoadFromFile<PartyState>(path);
        var armor = Assert.IsType<Armor>(party.Stash[1]);
        Assert.Equal(("Rusty dagger", 2, 4, Slot.Head), (armor.Name, armor.Value, armor.Defense, armor.Slot));
        var potion = Assert.IsType<Potion>(party.Heroes[1].Equipment[Slot.Head]);
        Assert.Equal(("Circlet", 300, 0, 0), (potion.Name, potion.Value, potion.Heal, potion.Charges));
        Assert.Equal(0f, Assert.IsType<Hasted>(party.PartyEffect).Multiplier);
    }

    [Theory]
    [InlineData("Stash[1]=Shield", "Item has no case 'Shield'; its cases are Weapon, Armor, Potion.")]
    [InlineData("Stash[1].Name=Armor", "'Stash[1].Name' is a string, not a union: --set-case changes a union's case.")]
    public void SetCase_ThatCanNotBeMade_WritesNothing(string setCase, string message)
    {
        string path = _files.Write("party.sav", PartyFactory.Sample());
        byte[] before = File.ReadAllBytes(path);

        var run = SaveToolProgram.Run("edit", path, "--set-case", setCase);

        Assert.Equal(2, run.ExitCode);
        Assert.Contains(message, run.OneErrorLine(), StringComparison.Ordinal);
        Assert.Equal(before, File.ReadAllBytes(path));
    }

    [Fact]
    public void Schema_ShowsMembersKeysAndTypes_UnionCases_AndEnumMembers()
    {
        string path = _files.Write("party.sav", PartyFactory.Sample());

        var byFile = SaveToolProgram.Run("schema", path);
        var byId = SaveToolProgram.Run("schema", PartyState.ModelId);

        Assert.Equal((0, ""), (byFile.ExitCode, byFile.Error));
        Assert.Equal(byFile.Output, byId.Output);
        var lines = byFile.Output.Split('\n').Select(line => Regex.Replace(line, "(?<=\\S)  +", " ")).ToList();
        Assert.Equal("model rpg-demo.party, schema version 1: PartyState", lines[0]);
        Assert.Contains("  Stash IList<Item>", lines);
        Assert.Contains("  FogOfWar byte[,]", lines);
        Assert.Contains("  Portrait byte[]?", lines);
        Assert.Contains("  Rival (string Name, int Level)?", lines);
        Assert.Contains("  Capacity int (saved as \"capacity\")", lines);
        Assert.Contains("Item (union: one of its cases, saved with its key)", lines);
        Assert.Contains("  1 Armor", lines);
        Assert.Contains("Element (enum, flags, saved as its number, undeclared values kept)", lines);
        Assert.Contains("  Storm = 4", lines);
        Assert.Contains("  Equipment Dictionary<Slot, Item>", lines);
    }

    /// <summary>The shipped savetool, JIT and NativeAOT, reads its built-in model's shape as the in-process one does: an enum by name, a member of a member.</summary>
    [Theory]
    [MemberData(nameof(SaveToolProgram.Programs), MemberType = typeof(SaveToolProgram))]
    public void TheProgram_SpeaksItsModel(string program)
    {
        var tool = SaveToolProgram.Named(program);
        var content = SaveFiles.Small();
        string path = _files.Write("slot.sav", content);

        var edit = tool.Start("edit", path, "--set", "Rooms[0].Hotspots[0].Cursor=CursorKind.Talk", "--set", "Rooms[0].Exits[0].Position.X=2.5");
        var dump = tool.Start("dump", path, "--path", "Rooms[0].Exits[0].Position");
        var schema = tool.Start("schema", path);

        Assert.Equal((0, ""), (edit.ExitCode, edit.Error));
        Assert.Contains($"Rooms[0].Hotspots[0].Cursor: {content.Rooms[0].Hotspots[0].Cursor} -> Talk", edit.Output, StringComparison.Ordinal);
        Assert.Equal((0, ""), (dump.ExitCode, dump.Error));
        Assert.StartsWith("{\n  \"X\": 2.5,", dump.Output, StringComparison.Ordinal);
        Assert.Equal((0, ""), (schema.ExitCode, schema.Error));
        Assert.Contains("CursorKind (enum, saved as its number)", schema.Output, StringComparison.Ordinal);
        var loaded = SaveSerializer.LoadFromFile<Engine.Core.Model.GameContent>(path);
        Assert.Equal((Engine.Core.Model.CursorKind.Talk, 2.5f), (loaded.Rooms[0].Hotspots[0].Cursor, loaded.Rooms[0].Exits[0].Position.X));
    }

    private static string Dump(string path, string member)
    {
        var run = SaveToolProgram.Run("dump", path, "--path", member);
        Assert.Equal((0, ""), (run.ExitCode, run.Error));
        return run.Output.Trim();
    }
}
