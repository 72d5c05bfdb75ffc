using Engine.Core.Model;
using Engine.Serialization.Generated;
using MessagePack;

namespace Engine.Serialization.Formats.MessagePack;

/// <summary>
/// Writers and readers for every type reachable from <see cref="GameContent"/>, written at build time by
/// Engine.Serialization.Generator, and formatters serving them to MessagePackSerializer. A model type the
/// generator can't handle fails the build.
/// </summary>
[GeneratedFormatterResolver(typeof(GameContent))]
internal sealed partial class GameContentFormatterResolver : IFormatterResolver
{
    static partial void OnReading() => DecodeBudget.Check();
}
