using Engine.Serialization.Container;
using Engine.Serialization.Snapshots;

namespace Engine.Serialization.Tests.Snapshots;

/// <summary>What a save image says changed is what an autosave writes over an older file and flushes: only the pages that differ.</summary>
public sealed class SaveImageTests
{
    private const int Page = 4096;

    [Fact]
    public void Apply_OfASectionEncodedAgain_MarksOnlyThePagesWhoseBytesDiffer()
    {
        var image = BuiltImage(16 * Page);
        var before = image.Version;
        var section = image.Bytes.Slice(2 * Page, 8 * Page).ToArray();
        section[(3 * Page) + 17] ^= 0xFF;           // the section's 4th page: the image's 6th
        section[(7 * Page) + Page - 1] ^= 0xFF;     // its last byte: the image's 10th page

        image.NextVersion();
        image.Apply([new ImageEdit(2 * Page, 10 * Page, 0, section.Length, ImageEditKind.Element, 0)], section);

        Assert.Equal([(5 * Page, 6 * Page), (9 * Page, 10 * Page)], image.ChangedSince(before)!);
        Assert.Equal(section, image.Bytes.Slice(2 * Page, 8 * Page).ToArray());
    }

    [Fact]
    public void Apply_OfTheSameBytes_MarksNothing()
    {
        var image = BuiltImage(4 * Page);
        var before = image.Version;
        var section = image.Bytes.Slice(100, 3 * Page).ToArray();

        image.NextVersion();
        image.Apply([new ImageEdit(100, 100 + section.Length, 0, section.Length, ImageEditKind.Element, 0)], section);

        Assert.Empty(image.ChangedSince(before)!);
    }

    /// <summary>An image of a container whose payload is <paramref name="length"/> bytes in all (not sectioned: the edits are by hand).</summary>
    private static SaveImage BuiltImage(int length)
    {
        var file = new byte[length];
        new Random(5).NextBytes(file);
        BitConverter.TryWriteBytes(file.AsSpan(SaveContainer.MetadataLengthOffset), 0);
        var image = new SaveImage(["Rooms"]);
        image.Build(file, sectioned: false);
        return image;
    }
}
