using Engine.Core.Generation;
using Engine.Serialization;
using Game.Sample.Commands;

namespace Game.Sample.Tests.Commands;

public sealed class LoadCommandTests : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("load-command-").FullName;

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    [Fact]
    public void Load_Quiet_PrintsOnlyTheLoadTime_ForHarnesses()
    {
        string path = Path.Combine(_folder, "small.sav");
        SaveSerializer.SaveToFile(path, ContentGenerator.Create(ContentSize.Small));
        var output = new StringWriter();

        int exitCode = LoadCommand.Run([path, "--quiet"], output);

        Assert.Equal(0, exitCode);
        Assert.Matches(@"^load-ms=[0-9]+\.[0-9]{3}\r?\n$", output.ToString());
    }
}
