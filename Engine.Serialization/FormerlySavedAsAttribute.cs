namespace Engine.Serialization;

/// <summary>
/// Names a key a member was saved under in earlier releases of the game, so that renaming the member needs no
/// migration: a load reads the old key into the member in every format (MessagePack and XML by the key; protobuf keeps
/// the member's field number), and a save writes only the member's key. One earlier key per attribute; repeat it for a
/// member renamed more than once. A save holding both the member's key and an earlier one is refused as damaged, like a
/// member named twice. An earlier key that is another member's key, or another member's earlier key, fails the build
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
