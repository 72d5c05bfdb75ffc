using System.Diagnostics;
using System.Globalization;
using System.Runtime.InteropServices;
using Xunit;

namespace Engine.Testing;

/// <summary>Files' second names and identities, which .NET has no API for: through ln and stat (CreateHardLink on Windows).</summary>
public static class HardLinks
{
    /// <summary>Gives the file at <paramref name="existing"/> a second name, <paramref name="link"/>.</summary>
    public static void Create(string existing, string link)
    {
        if (!OperatingSystem.IsWindows())
        {
            Run("ln", existing, link);
        }
        else if (!CreateHardLink(link, existing, 0))
        {
            Assert.Fail($"CreateHardLink {link} -> {existing} failed: {Marshal.GetPInvokeErrorMessage(Marshal.GetLastPInvokeError())}");
        }
    }

    /// <summary>The file's inode number: the same for every name of one file, and for a file written over in place.</summary>
    public static long Inode(string path) => long.Parse(Run("stat", "-c", "%i", path), CultureInfo.InvariantCulture);

    /// <summary>Runs a program to its end and returns its output; fails the test if it fails.</summary>
    public static string Run(string program, params string[] arguments)
    {
        var start = new ProcessStartInfo(program) { RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (string argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        using var process = Process.Start(start)!;
        var error = process.StandardError.ReadToEndAsync();
        string output = process.StandardOutput.ReadToEnd();
        process.WaitForExit();
        Assert.True(process.ExitCode == 0, $"{program} {string.Join(' ', arguments)} exited {process.ExitCode}: {error.Result}");
        return output.Trim();
    }

    [DllImport("kernel32.dll", EntryPoint = "CreateHardLinkW", CharSet = CharSet.Unicode, SetLastError = true)]
    [return: MarshalAs(UnmanagedType.Bool)]
    private static extern bool CreateHardLink(string link, string existing, nint reserved);
}
