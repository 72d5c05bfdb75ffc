namespace Engine.Serialization.Migrations;

/// <summary>
/// One step that brings an older save's document from schema <see cref="FromVersion"/> to the next,
/// for a breaking model change (a rename, a changed type). Runs only on saves older than the build.
/// </summary>
public interface ISchemaMigration
{
    int FromVersion { get; }

    /// <summary>What the step changes, for messages: "Room.MusicTrack is now Room.Music".</summary>
    string Description { get; }

    void Apply(DocumentObject root);
}
