using System.Text;

namespace Engine.Serialization.Generator.Analysis;

/// <summary>Encodes a key name as a MessagePack str, exactly as <c>MessagePackWriter.Write(string)</c> would.</summary>
internal static class MessagePackKey
{
    public static (byte[] Encoded, int HeaderLength) Encode(string name)
    {
        var utf8 = Encoding.UTF8.GetBytes(name);
        var length = utf8.Length;
        byte[] header = length switch
        {
            <= 31 => new[] { (byte)(0xA0 | length) },
            <= byte.MaxValue => new byte[] { 0xD9, (byte)length },
            <= ushort.MaxValue => new byte[] { 0xDA, (byte)(length >> 8), (byte)length },
            _ => new byte[] { 0xDB, (byte)(length >> 24), (byte)(length >> 16), (byte)(length >> 8), (byte)length },
        };

        var encoded = new byte[header.Length + length];
        header.CopyTo(encoded, 0);
        utf8.CopyTo(encoded, header.Length);
        return (encoded, header.Length);
    }
}
