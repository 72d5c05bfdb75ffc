namespace Engine.Serialization;

/// <summary>
/// Makes a type a root a game can save: <c>[SaveModel]</c> on the type, or
/// <c>[assembly: SaveModel(typeof(T))]</c> for a type the game does not own. Engine.Serialization.Generator then
/// writes, at build time, the type's codec (and those of every type it reaches) into the declaring assembly,
/// and <see cref="SaveSerializer"/> and <see cref="Slots.SaveSlotStore{T}"/> take the type.
/// </summary>
[AttributeUsage(AttributeTargets.Class | AttributeTargets.Struct | AttributeTargets.Assembly, AllowMultiple = true, Inherited = false)]
public sealed class SaveModelAttribute : Attribute
{
    /// <summary>On the root type itself.</summary>
    public SaveModelAttribute()
    {
    }

    /// <summary>On the assembly, for a root type declared elsewhere.</summary>
    public SaveModelAttribute(Type model)
    {
        Model = model;
    }

    /// <summary>The root type, when declared on the assembly.</summary>
    public Type? Model { get; }

    /// <summary>
    /// The stable name saves record for the model, so that a save of another model is refused: by default the
    /// root type's full name. Set it to keep loading older saves after renaming or moving the root type.
    /// </summary>
    public string? Id { get; set; }

    /// <summary>The model's schema version, written in every save; raise it for a breaking change and add a migration.</summary>
    public int SchemaVersion { get; set; } = 1;

    /// <summary>
    /// The steps (<see cref="Migrations.ISchemaMigration"/> classes with a public parameterless constructor) that bring
    /// older saves up to <see cref="SchemaVersion"/>, one per version.
    /// </summary>
    public Type[]? Migrations { get; set; }

    /// <summary>Write every enum member of the model by name instead of by number (MessagePack's EnumAsStringFormatter encoding).</summary>
    public bool EnumsAsStrings { get; set; }
}
