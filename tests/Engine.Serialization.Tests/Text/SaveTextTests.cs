using Engine.Core.Model;
using Engine.Serialization.Container;
using Engine.Serialization.Models;
using Engine.Serialization.Text;

namespace Engine.Serialization.Tests.Text;

/// <summary>What a save says (titles, ids, names) reaches messages and terminals as text, never as escapes or line breaks.</summary>
public sealed class SaveTextTests
{
    [Theory]
    [InlineData("Chapter 2: The Cave", "Chapter 2: The Cave")]
    [InlineData("red\u001b[31m title", @"red\u001B[31m title")]
    [InlineData("title\u001b]0;window\u0007", @"title\u001B]0;window\u0007")]
    [InlineData("one\ntwo\r\nthree", @"one\u000Atwo\u000D\u000Athree")]
    [InlineData("tab\tdel\u007fnel\u0085csi\u009b", @"tab\u0009del\u007Fnel\u0085csi\u009B")]
    [InlineData("abc\u202Egnp.exe", @"abc\u202Egnp.exe")]
    [InlineData("\u2066\u2067\u2068\u2069\u200e\u200f\u061c\u202a\u202b\u202c\u202d", @"\u2066\u2067\u2068\u2069\u200E\u200F\u061C\u202A\u202B\u202C\u202D")]
    [InlineData("line\u2028paragraph\u2029", @"line\u2028paragraph\u2029")]
    [InlineData(@"C:\saves\u001b", @"C:\saves\u001b")] // a backslash stays as it is
    [InlineData("セーブ 1, é, \ud83d\ude00", "セーブ 1, é, \ud83d\ude00")]
    public void Visible_WritesOutEveryCharacterThatActsOnATerminal_AndKeepsTheRest(string text, string shown)
    {
        Assert.Equal(shown, SaveText.Visible(text));
        Assert.Equal(shown, SaveText.Visible(shown));
    }

    [Theory]
    [InlineData(0, "0:00:00")]
    [InlineData(312.9, "0:05:12")]
    [InlineData(14_598.5, "4:03:18")]
    [InlineData(86_399, "23:59:59")]
    [InlineData(90_000, "25:00:00")]
    [InlineData(360_000 * 10.0, "1000:00:00")]
    [InlineData(-1, "unknown")]
    [InlineData(double.NaN, "unknown")]
    [InlineData(double.PositiveInfinity, "unknown")]
    public void PlayTime_CountsHoursPastADay(double seconds, string shown)
    {
        Assert.Equal(shown, SaveText.PlayTime(seconds));
    }

    [Fact]
    public void PlayTime_OfTheLargestNumber_IsShownWithoutFailing()
    {
        Assert.Matches(@"^[0-9]+:[0-5][0-9]:[0-5][0-9]$", SaveText.PlayTime(double.MaxValue));
    }

    [Fact]
    public void TheEnginesMessages_ShowAHostileSavesIdsAsText()
    {
        byte[] payload = SaveSerializer.ReadPayload(SaveSerializer.Save(ContentGenerator.Create(ContentSize.Small))).Payload.ToArray();
        var hostile = new SaveMetadata { ModelId = "evil\u001b[2J\nmodel", GameId = "game\u202Eeliv" };
        var file = new System.Buffers.ArrayBufferWriter<byte>();
        SaveContainer.Write(file, SaveFormat.MessagePack, SaveCompression.None, 1, hostile, payload, payload.Length);
        var sameModel = new System.Buffers.ArrayBufferWriter<byte>();
        SaveContainer.Write(sameModel, SaveFormat.MessagePack, SaveCompression.None, 1, new SaveMetadata { ModelId = SaveModels.IdOf<GameContent>(), GameId = "game\u202Eeliv" }, payload, payload.Length);

        var otherModel = Assert.Throws<ForeignSaveException>(() => SaveSerializer.Load<GameContent>(file.WrittenMemory));
        var otherGame = Assert.Throws<ForeignSaveException>(() => SaveSerializer.Load<GameContent>(sameModel.WrittenMemory, new LoadOptions { GameId = "engine-sample" }));

        Assert.Contains(@"'evil\u001B[2J\u000Amodel' (schema 1, game 'game\u202Eeliv')", otherModel.Message, StringComparison.Ordinal);
        Assert.Contains(@"another game, 'game\u202Eeliv', not to 'engine-sample'", otherGame.Message, StringComparison.Ordinal);
        foreach (var error in new SaveException[] { otherModel, otherGame })
        {
            Assert.Equal(-1, error.Message.AsSpan().IndexOfAny("\u001b\n\u202e"));
            Assert.Equal(-1, error.Reason.AsSpan().IndexOfAny("\u001b\n\u202e"));
        }
    }
}
