using Engine.Core.Generation;
using Engine.Core.Model;
using Engine.Serialization;
using Engine.Serialization.Compression;
using Engine.Serialization.Container;
using Engine.Serialization.Formats;
using Engine.Serialization.Models;
using Engine.Serialization.Slots;
using Game.Sample.Game;

namespace Game.Sample.Tests;

/// <summary>
/// Saves whose text is hostile (an escape sequence, a line break, a right-to-left override in a title, a slot name, a
/// game or model id), listed and loaded by the game: the player's terminal shows the text, and no line is forged.
/// </summary>
public sealed class HostileSaveTextTests : IDisposable
{
    private const string Escapes = "\u001b[2J\u001b]0;owned\u0007";

    private readonly string _saveDir = Directory.CreateTempSubdirectory("hostile-text-").FullName;

    public void Dispose() => Directory.Delete(_saveDir, recursive: true);

    [Theory]
    [MemberData(nameof(GameProgram.Both), MemberType = typeof(GameProgram))]
    public void Slots_ShowsWhatTheSavesSayAsText_OneLineEach_WithPlayTimesPastADay(string program)
    {
        var store = new SaveSlotStore<GameContent>(_saveDir);
        var game = World.NewGame();
        store.Save("camp\u202Egnp", game, new SaveMetadata { Title = $"Beach{Escapes}\n  forged           a slot line", PlayTimeSeconds = 25 * 3600 });

        var run = GameProgram.Named(program).Run(["play", "--save-dir", _saveDir], "slots\nquit\n");

        Assert.Equal((0, ""), (run.ExitCode, run.Error));
        Assert.Equal(-1, run.Output.AsSpan().IndexOfAny("\u001b\u0007\u202e"));
        string list = run.Output[run.Output.IndexOf("Saved games", StringComparison.Ordinal)..];
        Assert.Equal(
            [
                "Saved games, newest first:",
                @"  camp\u202Egnp    Beach\u001B[2J\u001B]0;owned\u0007\u000A  forged           a slot line  ("
                    + $"{store.List()[0].Info!.Metadata.SavedAtUtc:yyyy-MM-dd HH:mm} UTC, played 25:00:00)",
            ],
            list.Split('\n').TakeWhile(line => line.Length > 0));
    }

    [Theory]
    [MemberData(nameof(GameProgram.Both), MemberType = typeof(GameProgram))]
    public void Load_OfASaveWithAHostileGameOrModelId_NamesItAsText(string program)
    {
        var payload = SaveSerializer.ReadPayload(SaveSerializer.Save(ContentGenerator.Create(ContentSize.Small))).Payload;
        var store = new SaveSlotStore<GameContent>(_saveDir);
        WriteSave(store.PathOf("other game"), new SaveMetadata { ModelId = SaveModels.IdOf<GameContent>(), GameId = $"other{Escapes}" }, payload);
        WriteSave(store.PathOf("other model"), new SaveMetadata { ModelId = $"model\n> quit{Escapes}", GameId = World.GameId }, payload);

        var run = GameProgram.Named(program).Run(["play", "--save-dir", _saveDir], "load other game\nload other model\nquit\n");

        Assert.Equal((0, ""), (run.ExitCode, run.Error));
        Assert.Equal(-1, run.Output.AsSpan().IndexOfAny("\u001b\u0007"));
        Assert.Contains(@"The save belongs to another game, 'other\u001B[2J\u001B]0;owned\u0007', not to 'engine-sample'.", run.Output, StringComparison.Ordinal);
        Assert.Contains(@"The save holds another model, 'model\u000A> quit\u001B[2J\u001B]0;owned\u0007'", run.Output, StringComparison.Ordinal);
        Assert.Single(run.Output.Split('\n'), line => line.StartsWith("> quit", StringComparison.Ordinal));
    }

    private static void WriteSave(string path, SaveMetadata metadata, ReadOnlyMemory<byte> payload)
    {
        var file = new System.Buffers.ArrayBufferWriter<byte>();
        SaveContainer.Write(file, SaveFormat.MessagePack, SaveCompression.None, 1, metadata, payload.Span, payload.Length);
        File.WriteAllBytes(path, file.WrittenSpan.ToArray());
    }
}
