using System.Buffers;
using Engine.Serialization.Compression;
using Engine.Serialization.Container;
using Engine.Serialization.Errors;
using Engine.Serialization.Formats;
using Engine.Serialization.Inspection;
using Engine.Serialization.Models;

namespace Engine.Serialization.Tools.Commands;

/// <summary>
/// <c>edit FILE --set PATH=VALUE...</c>: changes values of the game in a save and writes it again in its format and
/// compression with its metadata (what it took from the game taken again) and new checksums, keeping the previous file
/// as FILE.bak; in a slot folder, under the slot's lock from the read to the write. Through the model when
/// this program has it: the game is loaded (and migrated) as the game loads it, and an edit the game would refuse is
/// refused. Without it, only a MessagePack save, edited in its own structure.
/// </summary>
internal static class EditCommand
{
    public static int Run(IEnumerable<string> args, ToolOutput output)
    {
        var arguments = ToolArguments.Parse("edit", args, ["--set", "--set-case"], [], repeatable: ["--set", "--set-case"]);
        string path = arguments.Exactly(1, "one save file")[0];

        // A case changed first, so that --set can give the new case's members their values.
        var edits = arguments.Values("--set-case").Select(text => Edit.Parse(text, "--set-case", isCase: true))
            .Concat(arguments.Values("--set").Select(text => Edit.Parse(text, "--set", isCase: false)))
            .ToList();
        if (edits.Count == 0)
        {
            throw ToolException.Usage("'edit' needs --set PATH=VALUE or --set-case PATH=CASE");
        }

        // Held from the read to the write: a game's save to the slot meanwhile would be overwritten by this edit of the one before.
        using var slotLock = SaveFileWriting.LockSlotOf(path);
        var save = SaveFile.Open(path);
        var codec = save.Codec;
        if (codec is null && save.Header.Format != SaveFormat.MessagePack)
        {
            codec = save.RequireCodec("edit of an XML or protobuf save");
        }

        object? unedited = null;
        var game = codec is null ? save.GameAsMessagePack("edit") : EditableGame(save, codec, out unedited);
        var changes = new List<string>();
        save.Walk(() =>
        {
            foreach (var edit in edits)
            {
                string at, before, after;
                if (edit.IsCase)
                {
                    var root = (codec ?? save.RequireCodec("--set-case")).Shape.Root;
                    (game, at, before, after) = ValueEdit.SetCase(game, root, edit.Path, edit.Value);
                }
                else
                {
                    (game, at, before, after) = ValueEdit.Set(game, codec?.Shape.Root, edit.Path, edit.Value);
                }

                changes.Add($"{at}: {before} -> {after}");
            }

            return 0;
        });

        var file = new ArrayBufferWriter<byte>();
        try
        {
            if (codec is not null)
            {
                var options = new SaveOptions { Format = save.Header.Format, Compression = save.Header.Compression };
                var edited = codec.Decode(SaveFormat.MessagePack, game);
                codec.Save(file, edited, MetadataFollowing(save.Info.Metadata, unedited!, edited), options);
                codec.Load(file.WrittenMemory, LoadOptions.Default);
            }
            else
            {
                WriteUntyped(save, game, file);
            }
        }
        catch (SaveException e)
        {
            throw new ToolException($"{path}: the edited game would not load, so nothing was written: {e.Reason}");
        }

        bool replaced = SaveFileWriting.ReplaceLocked(path, file.WrittenSpan, slotLock);
        foreach (string change in changes)
        {
            output.Text.WriteLine(change);
        }

        output.Text.WriteLine(replaced ? $"{path}: written; the previous save is kept as {SaveFileWriting.BackupOf(path)}" : $"{path}: written");
        return 0;
    }

    /// <summary>
    /// The game loaded through its model, as MessagePack for the edits. What a save in another format holds beyond its
    /// model (members a newer game wrote, kept as that format wrote them) can't travel through MessagePack; rather than
    /// drop it, a save that would come back different even unedited is refused. <paramref name="game"/> is the game as loaded.
    /// </summary>
    private static ReadOnlyMemory<byte> EditableGame(SaveFile save, RegisteredModel codec, out object game)
    {
        var loaded = save.Load(codec);
        game = loaded;
        var asMessagePack = SaveFile.ToMessagePack(codec, loaded);
        if (save.Header.Format == SaveFormat.MessagePack)
        {
            return asMessagePack;
        }

        var asSaved = new ArrayBufferWriter<byte>();
        var roundTripped = new ArrayBufferWriter<byte>();
        save.Named(() =>
        {
            codec.Encode(save.Header.Format, asSaved, loaded);
            codec.Encode(save.Header.Format, roundTripped, codec.Decode(SaveFormat.MessagePack, asMessagePack));
            return 0;
        });
        return asSaved.WrittenSpan.SequenceEqual(roundTripped.WrittenSpan) ? asMessagePack : throw new ToolException(
            $"{save.Path}: the save holds members its model doesn't have (a newer version of the game wrote them), which an edit here "
            + "would drop, so nothing was written: edit it with the newer game's savetool (SaveTool.Run in its program).");
    }

    /// <summary>
    /// The save's metadata, with what it had taken from the game (the title, play time and game a model gives as an
    /// <see cref="ISaveMetadataSource"/>) taken again from the edited game, so that a slot list shows the edit; what the
    /// game had set otherwise when it saved, and the time it saved, stay.
    /// </summary>
    private static SaveMetadata MetadataFollowing(SaveMetadata kept, object unedited, object edited)
    {
        if (unedited is not ISaveMetadataSource before || edited is not ISaveMetadataSource after)
        {
            return kept;
        }

        return kept with
        {
            Title = kept.Title == before.Title ? after.Title : kept.Title,
            PlayTimeSeconds = kept.PlayTimeSeconds.Equals(before.PlayTimeSeconds) ? after.PlayTimeSeconds : kept.PlayTimeSeconds,
            GameId = kept.GameId == before.GameId ? after.GameId : kept.GameId,
        };
    }

    /// <summary>The edited MessagePack payload in the save's container again, with its header's format, compression, schema and metadata.</summary>
    private static void WriteUntyped(SaveFile save, ReadOnlyMemory<byte> game, ArrayBufferWriter<byte> file)
    {
        SaveFileTools.Write(file, save.Info, game.Span, Lz4Level.Fast);
        _ = SaveFileTools.OpenDocument(SaveFormat.MessagePack, SaveSerializer.ReadPayload(file.WrittenMemory).Payload);
    }

    private sealed record Edit(MemberPath Path, string Value, bool IsCase)
    {
        public static Edit Parse(string text, string option, bool isCase)
        {
            int equals = text.IndexOf('=', StringComparison.Ordinal);
            return equals > 0
                ? new Edit(MemberPath.Parse(text[..equals]), text[(equals + 1)..], isCase)
                : throw ToolException.Usage($"'{option} {text}' is not {(isCase ? "PATH=CASE (Stash[0]=Armor)" : "PATH=VALUE (Player.Score=120)")}");
        }
    }
}
