namespace Engine.Serialization.Tests.Fixtures;

/// <summary>Theory data shared by the tests that run once per way a game can save.</summary>
public static class SaveCases
{
    /// <summary>Every format, uncompressed and with LZ4.</summary>
    public static TheoryData<SaveFormat, SaveCompression> EveryFormat()
    {
        var cases = new TheoryData<SaveFormat, SaveCompression>();
        foreach (var format in Enum.GetValues<SaveFormat>())
        {
            cases.Add(format, SaveCompression.None);
            cases.Add(format, SaveCompression.Lz4);
        }

        return cases;
    }
}
