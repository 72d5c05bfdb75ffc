using System.Buffers;
using Engine.Serialization.Container;
using Engine.Serialization.Formats;
using Engine.Serialization.Migrations;
using Engine.Serialization.Models;

namespace Engine.Serialization.Inspection;

/// <summary>
/// A save model this program registered, whatever its root type: what a tool that meets saves of any model finds by the
/// id a save records (<see cref="Find"/>). Only the generated codec of a model derives from it, so every operation here
/// runs the model's generated code for its own type: nothing is found by reflection.
/// </summary>
public abstract class RegisteredModel
{
    private protected RegisteredModel()
    {
    }

    /// <summary>The ids of the models registered so far, sorted.</summary>
    public static IReadOnlyList<string> Ids => SaveModels.Ids;

    /// <summary>The stable name saves record for the model (<see cref="SaveModelAttribute.Id"/>).</summary>
    public abstract string ModelId { get; }

    /// <summary>The schema version this build writes (<see cref="SaveModelAttribute.SchemaVersion"/>).</summary>
    public abstract int SchemaVersion { get; }

    /// <summary>The steps that bring older saves of the model up to <see cref="SchemaVersion"/>.</summary>
    public abstract SchemaMigrations Migrations { get; }

    /// <summary>The model's schemas for other tools (.proto, XSD) and its member tables, generated from its declaration.</summary>
    public abstract SaveModelSchemas Schemas { get; }

    /// <summary>Every type the model reaches, as its saves hold it: how tools name, read and edit a saved game's values.</summary>
    public abstract SaveModelShape Shape { get; }

    /// <summary>
    /// Whether some member of the model reads a key it was saved under before (<see cref="FormerlySavedAsAttribute"/>):
    /// then a save's keys may not be the model's, and only the model knows which member each one is.
    /// </summary>
    public abstract bool ReadsFormerKeys { get; }

    /// <summary>
    /// The registered model saves name <paramref name="modelId"/>, whatever its root type; null when no model of that id
    /// has registered in this process (its assembly isn't loaded, or it belongs to another game).
    /// </summary>
    /// <exception cref="InvalidOperationException">Two types of this program are the model <paramref name="modelId"/>.</exception>
    public static RegisteredModel? Find(string modelId) => SaveModels.Find(modelId);

    /// <summary>
    /// The .proto of an earlier schema of the model, kept beside its .proto as <c>{ModelId}.schema-{N}.proto</c>: the
    /// record of that schema's field numbers, which brings its protobuf saves up to date. Null when the build keeps none.
    /// </summary>
    public abstract string? ProtoRecord(int schemaVersion);

    /// <summary>Loads a whole save file as <see cref="SaveSerializer.Load{T}(ReadOnlyMemory{byte}, LoadOptions?)"/> does.</summary>
    public abstract object Load(ReadOnlyMemory<byte> file, LoadOptions options);

    /// <summary>Writes a whole save file of <paramref name="content"/>, a root <see cref="Load"/> or <see cref="Decode"/> gave.</summary>
    public abstract void Save(IBufferWriter<byte> output, object content, SaveMetadata metadata, SaveOptions options);

    /// <summary>Decodes a bare payload of <paramref name="format"/>, refusing what the format refuses in a load (a null the model does not allow).</summary>
    public abstract object Decode(SaveFormat format, ReadOnlyMemory<byte> payload);

    /// <summary>Encodes a root as a bare payload of <paramref name="format"/>.</summary>
    public abstract void Encode(SaveFormat format, IBufferWriter<byte> output, object content);
}
