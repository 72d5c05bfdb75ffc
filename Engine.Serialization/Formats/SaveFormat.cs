namespace Engine.Serialization.Formats;

/// <summary>The encodings a save's payload can have. The numbers are stored in save files: never reuse one.</summary>
public enum SaveFormat : byte
{
    MessagePack = 1,
    Xml = 2,
    Protobuf = 3,
}
