using System.Diagnostics;
using Engine.Testing;

namespace Engine.Serialization.Tests.Models;

/// <summary>
/// Adding a member to a model class is the only edit it takes for the member to be saved and loaded in every format,
/// compression and path: a copy of tests/OneEditGame with one line added to its model, and nothing else changed, is
/// built and run under JIT and published and run with NativeAOT; its check (which walks the model by reflection, naming
/// no member) must compare the new member and find it back everywhere, and the load checks must refuse a null in it,
/// naming where it is. A control copy, whose added member is left out of
/// the save, shows the check does catch a member that doesn't travel.
/// </summary>
[Collection(GameBuilds.Name)]
public sealed class OneEditTests
{
    private const string AddedMember = "    public string Motto { get; set; } = \"\";";

    [Fact]
    public void AddingOneMemberToAModelClass_IsTheOnlyEdit_ForItToTravelThroughEveryFormatAndSaveAsync_UnderJitAndNativeAot()
    {
        string project = CopyWithCrewMember("one-edit-added", AddedMember);

        var (exitCode, output) = Run("dotnet", "run", "--project", project, "-c", "Release", "--", "check");
        Assert.True(exitCode == 0, output);
        AssertComparedEverywhere(output);

        var (published, log) = Run("bash", Path.Combine(Repository.Root, "build", "publish-native.sh"), Path.GetRelativePath(Repository.Root, project), "one-edit");
        Assert.True(published == 0, log);
        (exitCode, output) = Run(Path.Combine(Repository.Root, "artifacts", "one-edit", "one-edit"), "check");
        Assert.True(exitCode == 0, output);
        AssertComparedEverywhere(output);
    }

    [Fact]
    public void AMemberTheSaveLeavesOut_IsCaughtByTheCheck()
    {
        string project = CopyWithCrewMember("one-edit-ignored", "    [IgnoreMember]\n" + AddedMember);

        var (exitCode, output) = Run("dotnet", "run", "--project", project, "-c", "Release", "--", "check");

        Assert.Equal(1, exitCode);
        Assert.Contains("Crew.Motto is", output, StringComparison.Ordinal);
        Assert.Contains("FAIL  null Captain.Motto: ", output, StringComparison.Ordinal);
        Assert.Contains("one-edit: 1 passed, 13 failed", output, StringComparison.Ordinal);
    }

    private static void AssertComparedEverywhere(string output)
    {
        Assert.Contains("Crew.Motto", output.Split('\n').Single(l => l.StartsWith("compared: ", StringComparison.Ordinal)), StringComparison.Ordinal);
        Assert.Contains("ok    null Captain.Motto refused", output, StringComparison.Ordinal);
        Assert.Contains("one-edit: 14 passed, 0 failed", output, StringComparison.Ordinal);
    }

    /// <summary>
    /// tests/OneEditGame copied to artifacts/NAME (at the same depth, so its project references still resolve), with
    /// <paramref name="member"/> added at the end of its Crew class: the one edit.
    /// </summary>
    private static string CopyWithCrewMember(string name, string member)
    {
        string source = Path.Combine(Repository.Root, "tests", "OneEditGame");
        string copy = Path.Combine(Repository.Root, "artifacts", name);
        if (Directory.Exists(copy))
        {
            Directory.Delete(copy, recursive: true);
        }

        foreach (string file in Directory.EnumerateFiles(source, "*", SearchOption.AllDirectories)
            .Where(f => !f.Contains($"{Path.DirectorySeparatorChar}bin{Path.DirectorySeparatorChar}", StringComparison.Ordinal)
                && !f.Contains($"{Path.DirectorySeparatorChar}obj{Path.DirectorySeparatorChar}", StringComparison.Ordinal)))
        {
            string target = Path.Combine(copy, Path.GetRelativePath(source, file));
            Directory.CreateDirectory(Path.GetDirectoryName(target)!);
            File.Copy(file, target);
        }

        string model = Path.Combine(copy, "Model.cs");
        string text = File.ReadAllText(model);
        const string LastCrewMember = "    public float Morale { get; set; } = 1;\n";
        Assert.Contains(LastCrewMember, text, StringComparison.Ordinal);
        File.WriteAllText(model, text.Replace(LastCrewMember, LastCrewMember + "\n" + member + "\n", StringComparison.Ordinal));
        return Path.Combine(copy, "OneEditGame.csproj");
    }

    private static (int ExitCode, string Output) Run(string program, params string[] arguments)
    {
        var start = new ProcessStartInfo(program) { RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (string argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        using var process = Process.Start(start)!;
        var errors = process.StandardError.ReadToEndAsync();
        string output = process.StandardOutput.ReadToEnd();
        process.WaitForExit();
        return (process.ExitCode, output + errors.Result);
    }
}
