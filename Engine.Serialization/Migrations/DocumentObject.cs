namespace Engine.Serialization.Migrations;

/// <summary>
/// One object of an older save's document (a model type's instance) as a migration step edits it:
/// members by name, whatever the format. Scalars are read and written as text, whole numbers,
/// floating-point numbers or booleans; reading a member as the wrong kind fails the migration.
/// A union's value is the object of its case (<see cref="UnionCase"/> says which): the wrapper
/// around it is not seen, in a member, a list or a dictionary, in every format.
/// </summary>
public abstract class DocumentObject
{
    /// <summary>The union key of the case this object is, when it is a union's value (<c>[Union(key, typeof(Case))]</c>); otherwise null.</summary>
    public abstract int? UnionCase { get; }

    public abstract bool Has(string member);

    /// <summary>The member's object (a union's: its case's object), or null when the member is absent or nil.</summary>
    public abstract DocumentObject? Object(string member);

    /// <summary>
    /// The objects in a list or array member, in order (a union item's: its case's object), or none when the member is
    /// absent or nil; nil items are left out.
    /// </summary>
    public abstract IReadOnlyList<DocumentObject> Objects(string member);

    /// <summary>The entries of a dictionary member, in order, or none when the member is absent or nil.</summary>
    public abstract IReadOnlyList<DocumentEntry> Dictionary(string member);

    /// <summary>
    /// Gives a member a new name, keeping its value (replacing a member already named <paramref name="newName"/>).
    /// False if there was no such member; a check of the steps (<see cref="LoadOptions.CheckMigrationSteps"/>)
    /// reports a name no object of the save had.
    /// </summary>
    public abstract bool Rename(string member, string newName);

    /// <summary>Removes a member. False if there was no such member (reported as <see cref="Rename"/>'s is).</summary>
    public abstract bool Remove(string member);

    /// <summary>The member's value, or null when the member is absent.</summary>
    public abstract string? GetString(string member);

    /// <inheritdoc cref="GetString"/>
    public abstract long? GetInt64(string member);

    /// <inheritdoc cref="GetString"/>
    public abstract double? GetDouble(string member);

    /// <inheritdoc cref="GetString"/>
    public abstract bool? GetBoolean(string member);

    /// <summary>Sets the member's value, adding the member when it is absent.</summary>
    public abstract void SetString(string member, string value);

    /// <inheritdoc cref="SetString"/>
    public abstract void SetInt64(string member, long value);

    /// <inheritdoc cref="SetString"/>
    public abstract void SetDouble(string member, double value);

    /// <inheritdoc cref="SetString"/>
    public abstract void SetBoolean(string member, bool value);
}
