using Engine.Serialization;
using MessagePack;

namespace Engine.Core.Model;

/// <summary>
/// The game script's named variables, as lists of name/value entries: the shape saves have had since XmlSerializer
/// wrote the XML format (it could not write dictionaries), kept so that those saves still load.
/// </summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed partial class GlobalVariables
{
    public partial TrackedList<IntVariable> Ints { get; set; } = [];

    public partial TrackedList<StringVariable> Strings { get; set; } = [];

    public partial TrackedList<BoolVariable> Bools { get; set; } = [];

    public int GetInt(string name, int fallback = 0) => Ints.Find(v => v.Name == name)?.Value ?? fallback;

    public void SetInt(string name, int value) => (Ints.Find(v => v.Name == name) ?? Add(Ints, new IntVariable { Name = name })).Value = value;

    public string GetString(string name, string fallback = "") => Strings.Find(v => v.Name == name)?.Value ?? fallback;

    public void SetString(string name, string value) => (Strings.Find(v => v.Name == name) ?? Add(Strings, new StringVariable { Name = name })).Value = value;

    public bool GetBool(string name, bool fallback = false) => Bools.Find(v => v.Name == name)?.Value ?? fallback;

    public void SetBool(string name, bool value) => (Bools.Find(v => v.Name == name) ?? Add(Bools, new BoolVariable { Name = name })).Value = value;

    private static T Add<T>(TrackedList<T> list, T entry)
    {
        list.Add(entry);
        return entry;
    }
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed partial class IntVariable
{
    public partial string Name { get; set; } = "";

    public partial int Value { get; set; }
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed partial class StringVariable
{
    public partial string Name { get; set; } = "";

    public partial string Value { get; set; } = "";
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed partial class BoolVariable
{
    public partial string Name { get; set; } = "";

    public partial bool Value { get; set; }
}
