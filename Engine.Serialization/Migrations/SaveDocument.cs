namespace Engine.Serialization.Migrations;

/// <summary>A save's payload opened as an editable document, for migration steps; a format makes one.</summary>
public abstract class SaveDocument
{
    /// <summary>The saved game's root object (GameContent).</summary>
    public abstract DocumentObject Root { get; }

    /// <summary>The edited document as a payload of its format again.</summary>
    public abstract byte[] Encode();
}
