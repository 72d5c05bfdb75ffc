using System.ComponentModel;
using Engine.Serialization.Models;

namespace Engine.Serialization.Internal;

/// <summary>What the module initializer of a model's generated code calls to make the model known to <see cref="SaveModels"/>.</summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public static class SaveModelRegistration
{
    /// <summary>The first registration of a type wins; the same type's later ones must agree with it.</summary>
    public static void Register<T>(SaveModelCodec<T> codec) => SaveModels.Register(codec);
}
