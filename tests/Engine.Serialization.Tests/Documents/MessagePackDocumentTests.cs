using System.Buffers;
using Engine.Core.Model;
using Engine.Serialization.Documents;
using MessagePack;

namespace Engine.Serialization.Tests.Documents;

public sealed class MessagePackDocumentTests
{
    [Fact]
    public void OpenThenEncode_WithoutChanges_GivesTheSameBytes()
    {
        byte[] payload = Payload();

        Assert.Equal(payload, new MessagePackDocument(payload).Encode());
    }

    [Fact]
    public void Edits_ReachOnlyTheMembersTouched()
    {
        byte[] payload = Payload();
        var document = new MessagePackDocument(payload);
        var room = document.Root.Objects("Rooms")[0];

        Assert.True(room.Rename("MusicTrack", "Music"));
        room.SetDouble("Brightness", 0.5);
        document.Root.Object("Player")!.SetString("Score", "high");
        Assert.False(document.Root.Remove("NoSuchMember"));

        var map = (Dictionary<object, object>)MessagePackSerializer.Deserialize<object>(document.Encode(), MessagePackSerializerOptions.Standard)!;
        var firstRoom = (Dictionary<object, object>)((object[])map["Rooms"])[0];
        Assert.False(firstRoom.ContainsKey("MusicTrack"));
        Assert.Equal(ContentGenerator.Create(ContentSize.Small).Rooms[0].MusicTrack, firstRoom["Music"]);
        Assert.Equal(0.5, firstRoom["Brightness"]);
        Assert.Equal("high", ((Dictionary<object, object>)map["Player"])["Score"]);
    }

    [Fact]
    public void Open_DeeplyNestedValue_ThrowsSaveCorrupted()
    {
        byte[] nested = [0x81, 0xA1, (byte)'x', .. Enumerable.Repeat((byte)0x91, 100_000), 0xC0];

        Assert.Throws<SaveCorruptedException>(() => new MessagePackDocument(nested));
    }

    [Theory]
    [InlineData(new byte[] { 0x93, 0x01, 0x02, 0x03 })]
    [InlineData(new byte[] { 0x81, 0x01, 0x02 })]
    [InlineData(new byte[] { 0x82, 0xA1, (byte)'x', 0x01 })]
    [InlineData(new byte[] { 0x80, 0x80 })]
    public void Open_NotAnObjectWithNamedMembers_ThrowsSaveCorrupted(byte[] payload)
    {
        Assert.Throws<SaveCorruptedException>(() => new MessagePackDocument(payload));
    }

    private static byte[] Payload()
    {
        var buffer = new ArrayBufferWriter<byte>();
        SaveFormats.Get<GameContent>(SaveFormat.MessagePack).Write(buffer, ContentGenerator.Create(ContentSize.Small));
        return buffer.WrittenSpan.ToArray();
    }
}
