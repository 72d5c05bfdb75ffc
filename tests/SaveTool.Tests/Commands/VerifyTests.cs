using System.Buffers;
using Engine.Serialization.Container;
using Engine.Serialization.Slots;

namespace SaveTool.Tests.Commands;

/// <summary><c>savetool verify</c>: every save and backup checked whole; the exit code says whether all are intact.</summary>
public sealed class VerifyTests : IDisposable
{
    private readonly SaveFiles _files = new();

    public void Dispose() => _files.Dispose();

    [Fact]
    public async Task Verify_ASlotFolder_ChecksEverySaveAndItsBackup()
    {
        var slots = new SaveSlotStore<Engine.Core.Model.GameContent>(_files.Folder, new Engine.Serialization.SaveOptions { Compression = SaveCompression.Lz4 });
        slots.Save("chapter 2", SaveFiles.Small());
        slots.Save("chapter 2", SaveFiles.Small());
        await slots.QuickSaveAsync(SaveFiles.Small());

        var run = SaveToolProgram.Run("verify", _files.Folder);

        Assert.Equal((0, ""), (run.ExitCode, run.Error));
        Assert.Equal(
            [slots.PathOf("chapter 2"), slots.BackupPathOf("chapter 2"), slots.PathOf("quicksave")],
            run.Output.Split('\n').Where(line => line.StartsWith("ok ", StringComparison.Ordinal)).Select(line => line[3..line.IndexOf(": ", StringComparison.Ordinal)]));
        Assert.Contains("Engine.Core.Model.GameContent loads (messagepack, lz4, schema 1)", run.Output, StringComparison.Ordinal);
        Assert.EndsWith("3 saves checked: 3 intact, 0 failed\n", run.Output, StringComparison.Ordinal);
    }

    [Fact]
    public void Verify_ADamagedBackup_IsOneLine_AndExits1()
    {
        var slots = new SaveSlotStore<Engine.Core.Model.GameContent>(_files.Folder);
        slots.Save("camp", SaveFiles.Small());
        slots.Save("camp", SaveFiles.Small());
        string backup = slots.BackupPathOf("camp");
        byte[] bytes = File.ReadAllBytes(backup);
        File.WriteAllBytes(backup, bytes[..(bytes.Length / 2)]);

        var run = SaveToolProgram.Run("verify", _files.Folder);

        Assert.Equal(1, run.ExitCode);
        Assert.StartsWith($"error: {backup}: The file ends after", run.OneErrorLine(), StringComparison.Ordinal);
        Assert.EndsWith("2 saves checked: 1 intact, 1 failed\n", run.Output, StringComparison.Ordinal);
    }

    /// <summary>The container and checksums are intact, but the game in it is not one a load accepts: only the model can tell.</summary>
    [Fact]
    public void Verify_ASaveWhoseGameTheModelRefuses_Fails()
    {
        byte[] payload = [0x81, 0xA5, .. "Rooms"u8, 0xC0]; // Rooms: nil
        var file = new ArrayBufferWriter<byte>();
        SaveContainer.Write(file, SaveFormat.MessagePack, SaveCompression.None, 1, new SaveMetadata { ModelId = SaveContainer.Version1ModelId }, payload, payload.Length);
        string path = _files.PathOf("nil.sav");
        File.WriteAllBytes(path, file.WrittenSpan.ToArray());

        var run = SaveToolProgram.Run("verify", path);

        Assert.Equal(1, run.ExitCode);
        Assert.Contains("nil where the game needs a value", run.OneErrorLine(), StringComparison.Ordinal);
    }

    [Fact]
    public void Verify_OfNothing_CanNotRun()
    {
        string path = _files.PathOf("gone.sav");

        var run = SaveToolProgram.Run("verify", path);

        Assert.Equal(2, run.ExitCode);
        Assert.Equal($"error: {path}: there is no such file or folder.", run.OneErrorLine());
    }

    [Fact]
    public void Verify_AFolderWithoutSaves_CanNotRun()
    {
        var run = SaveToolProgram.Run("verify", _files.Folder);

        Assert.Equal(2, run.ExitCode);
        Assert.Equal($"error: {_files.Folder}: the folder holds no saves (*.sav, *.sav.bak).", run.OneErrorLine());
    }
}
