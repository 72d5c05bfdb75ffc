using Engine.Core.Model;
using Engine.Serialization.Container;
using Engine.Testing;

namespace Engine.Serialization.Tests;

/// <summary>Every format with every compression saves and loads the same content, and a load detects which was used.</summary>
public sealed class ConformanceTests
{
    public static TheoryData<SaveFormat, SaveCompression, ContentSize> Cases()
    {
        var cases = new TheoryData<SaveFormat, SaveCompression, ContentSize>();
        foreach (var format in Enum.GetValues<SaveFormat>())
        {
            foreach (var compression in Enum.GetValues<SaveCompression>())
            {
                cases.Add(format, compression, ContentSize.Small);
                cases.Add(format, compression, ContentSize.Medium);
            }
        }

        return cases;
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void Save_ThenLoad_GivesEqualContent_AndTheHeaderNamesFormatAndCompression(SaveFormat format, SaveCompression compression, ContentSize size)
    {
        var content = ContentGenerator.Create(size);
        var options = new SaveOptions { Format = format, Compression = compression };

        byte[] save = SaveSerializer.Save(content, options: options);

        GraphAssert.Equal(content, SaveSerializer.Load<GameContent>(save));
        var (info, _) = SaveContainer.Open(save, LoadOptions.Default);
        Assert.Equal(format, info.Header.Format);
        Assert.Equal(compression, info.Header.Compression);
        Assert.Equal(content.SchemaVersion, info.Header.SchemaVersion);
    }

    [Theory]
    [InlineData(Lz4Level.Fast)]
    [InlineData(Lz4Level.High)]
    [InlineData(Lz4Level.Max)]
    public void Save_EachLz4Level_LoadsEqual_AndHarderLevelsAreNotLarger(Lz4Level level)
    {
        var content = ContentGenerator.Create(ContentSize.Medium);
        var fast = SaveSerializer.Save(content, options: new SaveOptions { Compression = SaveCompression.Lz4 });

        byte[] save = SaveSerializer.Save(content, options: new SaveOptions { Compression = SaveCompression.Lz4, Lz4Level = level });

        GraphAssert.Equal(content, SaveSerializer.Load<GameContent>(save));
        Assert.True(save.Length <= fast.Length, $"{level}: {save.Length} bytes, Fast: {fast.Length}");
    }

    // MessagePack's threefold is the product's target (SEEDS.md: 1 MB -> 255 KB); protobuf's packed,
    // varint-coded payload leaves LZ4 less to find, so it is held to twofold.
    [Theory]
    [InlineData(SaveFormat.MessagePack, 3.0)]
    [InlineData(SaveFormat.Xml, 3.0)]
    [InlineData(SaveFormat.Protobuf, 2.0)]
    public void Save_WithLz4_ShrinksMedium(SaveFormat format, double minimumRatio)
    {
        var content = ContentGenerator.Create(ContentSize.Medium);

        int plain = SaveSerializer.Save(content, options: new SaveOptions { Format = format }).Length;
        int compressed = SaveSerializer.Save(content, options: new SaveOptions { Format = format, Compression = SaveCompression.Lz4 }).Length;

        Assert.True(plain >= minimumRatio * compressed, $"{format}: {plain:N0} -> {compressed:N0} bytes");
    }

    public static TheoryData<SaveFormat> Formats() => new(Enum.GetValues<SaveFormat>());

    /// <summary>Text a parser likes to normalize: whitespace-only values, CR and CR LF, tabs, text outside the BMP.</summary>
    [Theory]
    [MemberData(nameof(Formats))]
    public void Save_TextWithWhitespaceAndLineBreaks_LoadsExactly(SaveFormat format)
    {
        string[] texts = ["", "  ", "\t", "\n", "a\r\nb", "x\ry", " lead", "trail ", "tab\tinside", "ünïcödé 漢字 🎮"];
        var content = ContentGenerator.Create(ContentSize.Small);
        content.Title = texts[1];
        for (int i = 0; i < content.MessageLog.Count; i++)
        {
            content.MessageLog[i].Text = texts[i % texts.Length];
            content.MessageLog[i].Speaker = texts[(i + 3) % texts.Length];
        }

        content.Variables.SetString("note", "line one\r\nline two\r\n");

        foreach (var compression in Enum.GetValues<SaveCompression>())
        {
            byte[] save = SaveSerializer.Save(content, options: new SaveOptions { Format = format, Compression = compression });

            GraphAssert.Equal(content, SaveSerializer.Load<GameContent>(save));
        }
    }
}
