using MessagePack;

namespace Engine.Core.Model;

/// <summary>
/// The game script's named variables, as lists of name/value entries: the shape saves have had since XmlSerializer
/// wrote the XML format (it could not write dictionaries), kept so that those saves still load.
/// </summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed class GlobalVariables
{
    public List<IntVariable> Ints { get; set; } = [];

    public List<StringVariable> Strings { get; set; } = [];

    public List<BoolVariable> Bools { get; set; } = [];

    public int GetInt(string name, int fallback = 0) => Ints.Find(v => v.Name == name)?.Value ?? fallback;

    public void SetInt(string name, int value) => (Ints.Find(v => v.Name == name) ?? Add(Ints, new IntVariable { Name = name })).Value = value;

    public string GetString(string name, string fallback = "") => Strings.Find(v => v.Name == name)?.Value ?? fallback;

    public void SetString(string name, string value) => (Strings.Find(v => v.Name == name) ?? Add(Strings, new StringVariable { Name = name })).Value = value;

    public bool GetBool(string name, bool fallback = false) => Bools.Find(v => v.Name == name)?.Value ?? fallback;

    public void SetBool(string name, bool value) => (Bools.Find(v => v.Name == name) ?? Add(Bools, new BoolVariable { Name = name })).Value = value;

    private static T Add<T>(List<T> list, T entry)
    {
        list.Add(entry);
        return entry;
    }
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class IntVariable
{
    public string Name { get; set; } = "";

    public int Value { get; set; }
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class StringVariable
{
    public string Name { get; set; } = "";

    public string Value { get; set; } = "";
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class BoolVariable
{
    public string Name { get; set; } = "";

    public bool Value { get; set; }
}
