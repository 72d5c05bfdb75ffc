namespace Engine.Serialization.Migrations;

/// <summary>
/// One entry of a dictionary member as a migration step edits it: its key, read and rewritten as text or a whole
/// number (reading it as the wrong kind fails the migration, as for members), and its value's object.
/// </summary>
public abstract class DocumentEntry
{
    /// <summary>The value's object (a union's: its case's object), or null when the value is nil.</summary>
    public abstract DocumentObject? Value { get; }

    public abstract string GetKeyString();

    public abstract long GetKeyInt64();

    /// <summary>Gives the entry a new key; one another entry of the dictionary has fails the migration.</summary>
    public abstract void SetKey(string key);

    /// <inheritdoc cref="SetKey(string)"/>
    public abstract void SetKey(long key);
}
