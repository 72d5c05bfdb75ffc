using System.Text;

namespace Engine.Serialization.Tests.Slots.PowerCut;

/// <summary>The strace log reading behind <see cref="PowerCutTests"/>, on logs whose rarer shapes a real save may not show.</summary>
public sealed class FolderTraceTests
{
    private const string Folder = "/saves";

    [Fact]
    public void Parse_JoinsCallsOtherThreadsInterrupted_ResolvesRelativePaths_AndSkipsFailedCallsAndOtherFolders()
    {
        string[] log =
        [
            $"101 openat(AT_FDCWD<{Hex("/saves")}>, \"{Hex("a.tmp")}\", O_WRONLY|O_CREAT|O_EXCL|O_CLOEXEC, 0666) = 5<{Hex("/saves/a.tmp")}>",
            $"101 pwrite64(5<{Hex("/saves/a.tmp")}>, \"{Hex("save")}\", 4, 0 <unfinished ...>",
            $"102 write(1<{Hex("pipe:[7]")}>, \"{Hex("1\n")}\", 2) = 2",
            $"101 <... pwrite64 resumed>) = 4",
            $"101 fsync(5<{Hex("/saves/a.tmp")}>) = 0",
            $"101 unlink(\"{Hex("/saves/a.sav.bak")}\") = -1 ENOENT (No such file or directory)",
            $"101 rename(\"{Hex("/elsewhere/x")}\", \"{Hex("/elsewhere/y")}\") = 0",
            $"101 rename(\"{Hex("/saves/a.tmp")}\", \"{Hex("/saves/a.sav")}\") = 0",
            $"101 openat(AT_FDCWD<{Hex("/work")}>, \"{Hex("/saves/a.sav.lock")}\", O_RDWR|O_CREAT|O_CLOEXEC, 0666) = 6<{Hex("/saves/a.sav.lock")}>",
            $"101 fsync(7<{Hex("/saves")}>) = 0",
            "101 +++ exited with 0 +++",
        ];

        var operations = FolderTrace.Parse(log, Folder, name => name.EndsWith(".lock", StringComparison.Ordinal));

        Assert.Equal(
            ["Created { Name = a.tmp }", "Written { Name = a.tmp, Offset = 0, Length = 4 }", "Synced { Name = a.tmp }", "Renamed { From = a.tmp, To = a.sav }", "FolderSynced { }"],
            operations.Select(operation => operation.ToString()));
        Assert.Equal("save"u8.ToArray(), ((Written)operations[1]).Data);
    }

    [Theory]
    [InlineData("write(5<{0}>, \"{1}\", 4) = 4")]
    [InlineData("ftruncate(5<{0}>, 0) = 0")]
    [InlineData("openat(AT_FDCWD<{2}>, \"{0}\", O_WRONLY|O_TRUNC) = 5<{0}>")]
    [InlineData("rename(\"{0}\", \"{3}\") = 0")]
    public void Parse_ACallOnTheFolderItCannotModel_IsRefused(string call)
    {
        string line = "101 " + string.Format(call, Hex("/saves/a.sav"), Hex("save"), Hex("/"), Hex("/elsewhere/a.sav"));

        var error = Assert.Throws<InvalidOperationException>(() => FolderTrace.Parse([line], Folder, _ => false));

        Assert.Contains("does not model", error.Message, StringComparison.Ordinal);
    }

    /// <summary>A string as strace -xx prints it.</summary>
    private static string Hex(string text) => string.Concat(Encoding.UTF8.GetBytes(text).Select(b => $"\\x{b:x2}"));
}
