using Engine.Serialization.Errors;
using Engine.Serialization.Inspection;
using Engine.Serialization.Slots;
using Engine.Serialization.Text;

namespace Engine.Serialization.Tools.Commands;

/// <summary>
/// <c>verify FILE|DIR</c>: checks each save whole: the container and its checksums, the decompressed payload, and the
/// game, loaded through its model (migrations and every check a load makes) when this program has it, else the
/// payload's structure. In a folder, every save and its backup. Intact saves are listed on stdout, each failure is one
/// line on stderr; exit 1 when any failed.
/// </summary>
internal static class VerifyCommand
{
    public static int Run(IEnumerable<string> args, ToolOutput output)
    {
        var arguments = ToolArguments.Parse("verify", args, [], []);
        string target = arguments.Exactly(1, "one save file or folder")[0];
        if (!SaveFileTools.Exists(target))
        {
            throw new ToolException($"{target}: there is no such file or folder.");
        }

        IReadOnlyList<string> files = Directory.Exists(target) ? SaveFileTools.SavesIn(target) : [target];
        if (files.Count == 0)
        {
            throw new ToolException($"{target}: the folder holds no saves (*{SaveSlotStore.FileExtension}, *{SaveSlotStore.FileExtension}{SaveSlotStore.BackupExtension}).");
        }

        int failed = 0;
        foreach (string file in files)
        {
            try
            {
                output.Text.WriteLine($"ok {SaveText.Visible(file)}: {SaveText.Visible(Check(file))}");
            }
            catch (SaveException e)
            {
                output.Text.Flush();
                output.Problem(e.Message);
                failed++;
            }
            catch (ToolException e)
            {
                output.Text.Flush();
                output.Problem(e.Message);
                failed++;
            }
        }

        output.Text.WriteLine($"{files.Count} {(files.Count == 1 ? "save" : "saves")} checked: {files.Count - failed} intact, {failed} failed");
        return failed == 0 ? 0 : 1;
    }

    /// <summary>What was checked, or the save exception that says what is wrong.</summary>
    private static string Check(string path)
    {
        var save = SaveFile.Open(path);
        string kind = $"{Names.Of(save.Header.Format)}, {Names.Of(save.Header.Compression)}, schema {save.Header.SchemaVersion}";
        if (save.Codec is { } codec)
        {
            save.Load(codec);
            return $"{save.Info.Metadata.ModelId} loads ({kind})";
        }

        var document = save.Named(() => SaveFileTools.OpenDocument(save.Header.Format, save.Payload));
        return document is null
            ? $"container and checksums intact ({kind}); its model, '{save.Info.Metadata.ModelId}', is not known here, so the payload was not decoded"
            : $"container, checksums and document structure intact ({kind}); its model, '{save.Info.Metadata.ModelId}', is not known here, so its values were not checked";
    }
}
