using Engine.Serialization.Inspection;
using Engine.Serialization.Internal;

namespace Engine.Serialization.Models;

/// <summary>
/// The models this program can save: each registers its generated codec when code of the assembly declaring it first
/// runs (a module initializer in the generated code, so nothing is found by reflection; NativeAOT compiles it in only
/// when the program uses that assembly). Get&lt;T&gt; and a model's own type both reach it; a tool that looks models
/// up by id must have used each model's assembly first.
/// </summary>
public static class SaveModels
{
    private static readonly Lock ByIdGate = new();
    private static readonly Dictionary<string, (RegisteredModel Codec, Type Type)> ById = new(StringComparer.Ordinal);
    private static readonly Dictionary<string, string> IdConflicts = new(StringComparer.Ordinal);

    /// <summary>The first registration of a type wins; the same type's later ones must agree with it.</summary>
    internal static void Register<T>(SaveModelCodec<T> codec)
    {
        ArgumentNullException.ThrowIfNull(codec);
        lock (Registered<T>.Gate)
        {
            if (Registered<T>.Codec is not { } first)
            {
                Registered<T>.Codec = codec;
                RegisterId(codec, typeof(T));
            }
            else if (first.ModelId != codec.ModelId || first.SchemaVersion != codec.SchemaVersion)
            {
                Registered<T>.Conflict =
                    $"'{typeof(T).FullName}' is declared a save model twice, as '{first.ModelId}' (schema {first.SchemaVersion}) "
                    + $"and as '{codec.ModelId}' (schema {codec.SchemaVersion}): keep one [SaveModel] declaration.";
            }
        }
    }

    /// <summary>Whether <typeparamref name="T"/> is a registered save model.</summary>
    public static bool IsModel<T>() => Registered<T>.Codec is not null;

    /// <summary>The stable id saves of <typeparamref name="T"/> record.</summary>
    public static string IdOf<T>() => Get<T>().ModelId;

    /// <summary>The schemas other tools read saves of <typeparamref name="T"/> with (.proto, XSD) and its member tables, generated from its declaration.</summary>
    public static SaveModelSchemas SchemasOf<T>() => Get<T>().Schemas;

    /// <summary>
    /// The codec of the registered model saves name <paramref name="modelId"/>, whatever its root type; null when no
    /// model of that id has registered in this process (its assembly isn't loaded, or it belongs to another game).
    /// </summary>
    internal static RegisteredModel? Find(string modelId)
    {
        lock (ByIdGate)
        {
            if (IdConflicts.TryGetValue(modelId, out string? conflict))
            {
                throw new InvalidOperationException(conflict);
            }

            return ById.TryGetValue(modelId, out var found) ? found.Codec : null;
        }
    }

    /// <summary>The ids of the models registered so far, sorted.</summary>
    internal static IReadOnlyList<string> Ids
    {
        get
        {
            lock (ByIdGate)
            {
                return [.. ById.Keys.Order(StringComparer.Ordinal)];
            }
        }
    }

    private static void RegisterId(RegisteredModel codec, Type type)
    {
        lock (ByIdGate)
        {
            if (!ById.TryAdd(codec.ModelId, (codec, type)))
            {
                IdConflicts[codec.ModelId] =
                    $"Two types in this program are the save model '{codec.ModelId}', '{ById[codec.ModelId].Type.FullName}' and '{type.FullName}', "
                    + "so which one a save of it holds can't be told.";
            }
        }
    }

    internal static SaveModelCodec<T> Get<T>()
    {
        if (Registered<T>.Conflict is { } conflict)
        {
            throw new InvalidOperationException(conflict);
        }

        return Registered<T>.Codec ?? throw new InvalidOperationException(
            $"'{typeof(T).FullName}' is not a save model: mark it [SaveModel], or add [assembly: SaveModel(typeof({typeof(T).Name}))] "
            + "to a project that runs Engine.Serialization.Generator (docs/GUIDE.md shows the project lines).");
    }

    private static class Registered<T>
    {
        public static readonly Lock Gate = new();

        public static SaveModelCodec<T>? Codec;

        public static string? Conflict;
    }
}
