using System.Buffers;
using System.Buffers.Binary;
using System.ComponentModel;
using System.Diagnostics;
using System.Text;
using Engine.Core.Model;
using MessagePack;

namespace Engine.Serialization.Tests.Container;

/// <summary>
/// The payload, cut out at the offsets docs/FORMAT.md gives, is a standard document that tools
/// outside this project read: the lz4 command-line tool, xmllint, a MessagePack reader that
/// knows nothing of our types. build/test.sh installs the tools.
/// </summary>
public sealed class PayloadInteropTests
{
    [Fact]
    public void Lz4Payload_IsDecompressedByTheLz4Tool()
    {
        var content = ContentGenerator.Create(ContentSize.Medium);
        var plain = new ArrayBufferWriter<byte>();
        SaveFormats.Get<GameContent>(SaveFormat.MessagePack).Write(plain, content);

        byte[] save = SaveSerializer.Save(content, options: new SaveOptions { Compression = SaveCompression.Lz4, Lz4Level = Lz4Level.High });

        Assert.Equal(plain.WrittenSpan, Run("lz4", "-d -c", CutPayload(save)));
    }

    [Theory]
    [InlineData("")]                              // independent 4 MB blocks, content checksum
    [InlineData("-B4 -BD")]                       // linked 64 KB blocks, as the engine writes
    [InlineData("-B5 -BD -BX --content-size")]    // linked 256 KB blocks with block checksums and the content size
    [InlineData("-B6 --no-frame-crc -1")]         // 1 MB blocks, no content checksum
    [InlineData("-B4 -BD -12")]                   // the highest level, linked
    public void SaveWhosePayloadTheLz4ToolCompressed_Loads(string options)
    {
        var content = ContentGenerator.Create(ContentSize.Medium);
        var plain = new ArrayBufferWriter<byte>();
        SaveFormats.Get<GameContent>(SaveFormat.MessagePack).Write(plain, content);
        byte[] stored = Run("lz4", $"-z -c {options}", plain.WrittenSpan.ToArray());

        var loaded = SaveSerializer.Load<GameContent>(Fuzzing.SaveFiles.FrameStored(SaveFormat.MessagePack, SaveCompression.Lz4, stored, plain.WrittenCount));

        Engine.Testing.GraphAssert.Equal(content, loaded);
    }

    [Fact]
    public void SaveOfIncompressibleBytes_WhichTheLz4ToolStoresAsIs_Loads()
    {
        var content = ContentGenerator.Create(ContentSize.Small);
        content.Title = Convert.ToBase64String(System.Security.Cryptography.RandomNumberGenerator.GetBytes(300_000)); // stored blocks
        var plain = new ArrayBufferWriter<byte>();
        SaveFormats.Get<GameContent>(SaveFormat.MessagePack).Write(plain, content);
        byte[] stored = Run("lz4", "-z -c -B4 -BD -BX", plain.WrittenSpan.ToArray());

        var loaded = SaveSerializer.Load<GameContent>(Fuzzing.SaveFiles.FrameStored(SaveFormat.MessagePack, SaveCompression.Lz4, stored, plain.WrittenCount));

        Engine.Testing.GraphAssert.Equal(content, loaded);
    }

    [Fact]
    public void MessagePackPayload_IsAMapThatAnUntypedReaderReads()
    {
        var content = ContentGenerator.Create(ContentSize.Small);

        byte[] payload = CutPayload(SaveSerializer.Save(content));

        string json = MessagePackSerializer.ConvertToJson(payload);
        Assert.StartsWith("{\"SchemaVersion\":1,", json, StringComparison.Ordinal);
        Assert.Contains($"\"Title\":\"{content.Title}\"", json, StringComparison.Ordinal);
    }

    // FORMAT.md, MessagePack payload: for GameContent, enums are integers, Vector2, Color and Rectangle maps of their
    // fields, and a height grid's Cells an array of float32 (an untyped reader gives float for float32, double for float64).
    [Fact]
    public void MessagePackPayload_OfGameContent_HoldsEnumsAsIntegers_MathTypesAsMaps_AndCellsAsFloat32s()
    {
        var content = ContentGenerator.Create(ContentSize.Small);

        var game = Map(MessagePackSerializer.Deserialize<object>(CutPayload(SaveSerializer.Save(content)), MessagePackSerializerOptions.Standard));

        var rooms = ((object[])game["Rooms"]).Select(Map).ToList();
        var hotspot = Map(rooms.SelectMany(r => (object[])r["Hotspots"]).First());
        var exit = Map(rooms.SelectMany(r => (object[])r["Exits"]).First());
        Assert.Equal(["X", "Y"], Map(rooms[0]["Size"]).Keys);
        Assert.Equal(["R", "G", "B", "A"], Map(rooms[0]["AmbientLight"]).Keys);
        Assert.Equal(["X", "Y", "Width", "Height"], Map(hotspot["Bounds"]).Keys);
        Assert.True(exit["Direction"] is byte or sbyte or short or ushort or int or uint or long or ulong, $"{exit["Direction"].GetType()}");
        Assert.All(rooms.SelectMany(r => (object[])Map(r["WalkGrid"])["Cells"]), cell => Assert.IsType<float>(cell));
    }

    private static IDictionary<object, object> Map(object value) => (IDictionary<object, object>)value;

    [Theory]
    [InlineData(SaveCompression.None)]
    [InlineData(SaveCompression.Lz4)]
    public void XmlPayload_IsReadByXmllint(SaveCompression compression)
    {
        var content = ContentGenerator.Create(ContentSize.Small);

        byte[] payload = CutPayload(SaveSerializer.Save(content, options: new SaveOptions { Format = SaveFormat.Xml, Compression = compression }));
        if (compression == SaveCompression.Lz4)
        {
            payload = Run("lz4", "-d -c", payload);
        }

        string rooms = Encoding.UTF8.GetString(Run("xmllint", "--xpath count(/GameContent/Rooms/Room) -", payload));
        Assert.Equal(content.Rooms.Count.ToString(System.Globalization.CultureInfo.InvariantCulture), rooms.Trim());
    }

    /// <summary>Bytes 52 + M to the end, with M read at offset 16, as docs/FORMAT.md says.</summary>
    private static byte[] CutPayload(byte[] save)
    {
        int metadataLength = BinaryPrimitives.ReadInt32LittleEndian(save.AsSpan(16));
        long payloadLength = BinaryPrimitives.ReadInt64LittleEndian(save.AsSpan(20));
        return save.AsSpan(52 + metadataLength, checked((int)payloadLength)).ToArray();
    }

    private static byte[] Run(string tool, string arguments, byte[] input)
    {
        var start = new ProcessStartInfo(tool, arguments)
        {
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
        };
        Process process;
        try
        {
            process = Process.Start(start)!;
        }
        catch (Win32Exception e)
        {
            throw new InvalidOperationException($"'{tool}' is not installed; build/test.sh installs it (bash build/apt-install.sh lz4 libxml2-utils).", e);
        }

        using (process)
        {
            var output = new MemoryStream();
            var copy = process.StandardOutput.BaseStream.CopyToAsync(output);
            var errors = process.StandardError.ReadToEndAsync();
            process.StandardInput.BaseStream.Write(input);
            process.StandardInput.Close();
            copy.Wait();
            process.WaitForExit();
            Assert.True(process.ExitCode == 0, $"{tool} {arguments} failed: {errors.Result}");
            return output.ToArray();
        }
    }
}
