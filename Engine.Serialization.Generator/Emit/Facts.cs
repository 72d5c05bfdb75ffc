using System.Collections.Generic;
using Engine.Serialization.Generator.Analysis;

namespace Engine.Serialization.Generator.Emit;

/// <summary>What <see cref="ShapeFacts"/> found about whole shapes, looked up by the emitters.</summary>
internal sealed class Facts(GenerationModel model)
{
    private readonly HashSet<string> _immutable = new(model.Immutable);
    private readonly HashSet<string> _mayHoldMissing = new(model.MayHoldMissing);

    /// <summary>Whether a shape can contain itself, so that walks count their nesting (<see cref="ObjectCode.Nest"/>).</summary>
    public bool Recursive { get; } = model.Recursive;

    /// <summary>Whether a snapshot may share the value instead of copying it.</summary>
    public bool IsImmutable(ValueShape shape) => shape.Kind switch
    {
        ShapeKind.Primitive or ShapeKind.Enum or ShapeKind.EnumByName or ShapeKind.DateTime or ShapeKind.Scalar => true,
        _ => shape.HelperName is { } helper && _immutable.Contains(helper),
    };

    /// <summary>Whether the value may hold, somewhere inside, a null the model does not allow.</summary>
    public bool MayHoldMissing(ValueShape shape) => shape.HelperName is { } helper && _mayHoldMissing.Contains(helper);
}
