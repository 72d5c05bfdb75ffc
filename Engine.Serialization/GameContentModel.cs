using Engine.Core.Model;
using Engine.Serialization;

// The engine's own model. It lives in Engine.Core, which runs no generator, so its codec is generated here.
[assembly: SaveModel(typeof(GameContent), SchemaVersion = GameContent.CurrentSchemaVersion)]
