namespace Engine.Serialization.Migrations;

/// <summary>A save's payload opened as an editable document, for migration steps (Documents/ opens one per format).</summary>
public abstract class SaveDocument
{
    /// <summary>The saved model's root object.</summary>
    public abstract DocumentObject Root { get; }

    /// <summary>What the current step did to the document; the formats' documents record every edit here.</summary>
    internal DocumentEdits Edits { get; } = new();

    /// <summary>The edited document as a payload of its format again.</summary>
    public abstract byte[] Encode();
}
