namespace Engine.Serialization.Tests.Fixtures;

/// <summary>Frozen saves written by earlier builds, copied next to the test assembly.</summary>
internal static class FixtureFiles
{
    public static byte[] Read(string relativePath) =>
        File.ReadAllBytes(Path.Combine(AppContext.BaseDirectory, "Fixtures", relativePath));
}
