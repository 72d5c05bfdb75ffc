using Engine.Core.Model;
using Engine.Serialization.Slots;
using Engine.Testing;

namespace Engine.Serialization.Tests.Platform;

/// <summary>
/// A slot whose save file the player made read-only (the read-only attribute on Windows, mode r--r--r-- on Unix). On
/// Unix a rename replaces a file whatever its mode, as the folder's permissions alone decide, so the save goes through;
/// Windows refuses to replace a read-only file (ERROR_ACCESS_DENIED), so the save fails saying so and the file keeps
/// the previous save. Either way nothing is lost and the slot loads.
/// </summary>
public sealed class ReadOnlySaveFileTests : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("engine-read-only-").FullName;

    public void Dispose()
    {
        foreach (string file in Directory.EnumerateFiles(_folder))
        {
            File.SetAttributes(file, FileAttributes.Normal);
        }

        Directory.Delete(_folder, recursive: true);
    }

    [Fact]
    public void Save_OverAReadOnlySaveFile_ReplacesItOnUnix_AndIsRefusedOnWindows_KeepingThePreviousSave()
    {
        var store = new SaveSlotStore<GameContent>(_folder);
        var previous = ContentGenerator.Create(ContentSize.Small, seed: 1);
        var next = ContentGenerator.Create(ContentSize.Small, seed: 2);
        store.Save("journey", previous);
        store.Save("journey", previous); // a backup too, so that ReplaceFile has one to replace
        MakeReadOnly(store.PathOf("journey"));

        if (OperatingSystem.IsWindows())
        {
            var refused = Assert.Throws<SaveIOException>(() => store.Save("journey", next));
            Assert.Contains("permission denied", refused.Message, StringComparison.Ordinal);
            GraphAssert.Equal(previous, store.Load("journey").Content);
        }
        else
        {
            store.Save("journey", next);
            GraphAssert.Equal(next, store.Load("journey").Content);
        }
    }

    private static void MakeReadOnly(string path)
    {
        if (OperatingSystem.IsWindows())
        {
            File.SetAttributes(path, File.GetAttributes(path) | FileAttributes.ReadOnly);
        }
        else
        {
            File.SetUnixFileMode(path, UnixFileMode.UserRead | UnixFileMode.GroupRead | UnixFileMode.OtherRead);
        }
    }
}
