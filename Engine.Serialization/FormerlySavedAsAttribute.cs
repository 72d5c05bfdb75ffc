namespace Engine.Serialization;

/// <summary>
/// Names a key a member was saved under in earlier releases of the game, so that renaming the member needs no
/// migration: a load reads the old key into the member in every format (MessagePack and XML by the key; protobuf keeps
/// the member's field number), and a save writes only the member's key. One earlier key per attribute; repeat it for a
/// member renamed more than once, oldest first. An object holding both the member's key and an earlier one was saved by
/// an older game (its own member under the earlier key, the newer key kept as a member it lacks): the earlier key's
/// value is read, the oldest present of several, and the newer key's dropped. One key named twice is damage. An earlier key that is another member's key, or another member's earlier key, fails the build
/// (EGEN021).
/// </summary>
[AttributeUsage(AttributeTargets.Property | AttributeTargets.Field, AllowMultiple = true, Inherited = false)]
public sealed class FormerlySavedAsAttribute : Attribute
{
    /// <summary>The key the member was saved under before.</summary>
    public FormerlySavedAsAttribute(string key)
    {
        Key = key;
    }

    /// <summary>The key the member was saved under before.</summary>
    public string Key { get; }
}
