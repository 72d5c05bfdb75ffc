namespace Engine.Serialization;

/// <summary>
/// Lets a model's enum hold values it does not declare. Without it, a save holding such a value is refused before it is
/// written, and a save holding one (a newer game's value, or an edit) is refused at load. With it, such values are
/// saved, loaded and saved again unchanged: for an enum that newer versions of the game extend, or flags combined from
/// bits the enum does not name.
/// </summary>
[AttributeUsage(AttributeTargets.Enum, AllowMultiple = false, Inherited = false)]
public sealed class AllowUndefinedValuesAttribute : Attribute
{
}
