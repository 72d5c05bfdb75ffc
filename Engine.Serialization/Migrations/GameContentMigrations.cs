using Engine.Core.Model;

namespace Engine.Serialization.Migrations;

/// <summary>
/// The engine's migration steps for <see cref="GameContent"/>. When a breaking model change bumps
/// <see cref="GameContent.CurrentSchemaVersion"/>, add its step here (docs/GUIDE.md shows how).
/// </summary>
public static class GameContentMigrations
{
    public static SchemaMigrations All { get; } = new(GameContent.CurrentSchemaVersion, []);
}
