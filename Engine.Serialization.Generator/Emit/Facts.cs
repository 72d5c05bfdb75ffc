using System.Collections.Generic;
using System.Linq;
using Engine.Serialization.Generator.Analysis;

namespace Engine.Serialization.Generator.Emit;

/// <summary>What <see cref="ShapeFacts"/> found about whole shapes, looked up by the emitters.</summary>
internal sealed class Facts
{
    private readonly HashSet<string> _immutable;
    private readonly HashSet<string> _mayHoldMissing;
    private readonly HashSet<string> _tracked;
    private readonly HashSet<string> _untracked;

    public Facts(GenerationModel model)
    {
        _immutable = new(model.Immutable);
        _mayHoldMissing = new(model.MayHoldMissing);
        Recursive = model.Recursive;
        _tracked = new(model.Objects.Where(o => o.Tracked && !o.IsStruct).Select(o => o.Shape.HelperName!));
        _untracked = Untracked(model);
    }

    /// <summary>Whether a shape can contain itself, so that walks count their nesting (<see cref="ObjectCode.Nest"/>).</summary>
    public bool Recursive { get; }

    /// <summary>Whether a snapshot may share the value instead of copying it.</summary>
    public bool IsImmutable(ValueShape shape) => shape.Kind switch
    {
        ShapeKind.Primitive or ShapeKind.Enum or ShapeKind.EnumByName or ShapeKind.DateTime or ShapeKind.Scalar => true,
        ShapeKind.Object or ShapeKind.Union or ShapeKind.Nullable or ShapeKind.Sequence or ShapeKind.Dictionary or ShapeKind.MultiArray
            or ShapeKind.Components or ShapeKind.Bytes or ShapeKind.Custom => _immutable.Contains(shape.HelperName!),
    };

    /// <summary>Whether the value may hold, somewhere inside, a null the model does not allow.</summary>
    public bool MayHoldMissing(ValueShape shape) => shape.HelperName is { } helper && _mayHoldMissing.Contains(helper);

    /// <summary>Whether values of the shape tell the save system of their changes (Engine.Serialization.Internal.ITracked).</summary>
    public bool IsTracked(ValueShape shape) =>
        (shape.Kind == ShapeKind.Object && _tracked.Contains(shape.HelperName!))
        || shape.Sequence is { Tracked: true };

    /// <summary>
    /// Whether a value of the shape can change without any tracked object above it hearing of it, so that a refresh
    /// must look at it even below an object that did not change: anything but immutable values, tracked objects and
    /// tracked lists made only of those (an object's callback before a save runs every time, so it counts too).
    /// </summary>
    public bool MayChangeUnseen(ValueShape shape) =>
        !IsImmutable(shape) && (shape.HelperName is not { } helper || _untracked.Contains(helper));

    /// <summary>The least set of shapes (by helper) that <see cref="MayChangeUnseen"/>: grown until nothing more joins it.</summary>
    private HashSet<string> Untracked(GenerationModel model)
    {
        var objects = model.Objects.ToDictionary(o => o.Shape.HelperName!);
        var untracked = new HashSet<string>(model.Unions.Select(u => u.Shape.HelperName!));
        var shapes = model.Objects.Select(o => o.Shape).Concat(model.Helpers).Where(s => !IsImmutable(s)).ToList();
        bool Unseen(ValueShape shape) => !IsImmutable(shape) && (shape.HelperName is not { } helper || untracked.Contains(helper));
        bool grew;
        do
        {
            grew = false;
            foreach (var shape in shapes)
            {
                if (untracked.Contains(shape.HelperName!))
                {
                    continue;
                }

                var unseen = shape.Kind switch
                {
                    ShapeKind.Object => ObjectUnseen(objects[shape.HelperName!]),
                    ShapeKind.Nullable => Unseen(shape.Element!),
                    ShapeKind.Sequence when shape.Sequence!.Tracked => Unseen(shape.Element!),
                    ShapeKind.Sequence or ShapeKind.Dictionary or ShapeKind.MultiArray or ShapeKind.Components or ShapeKind.Bytes or ShapeKind.Custom
                        or ShapeKind.Union or ShapeKind.Primitive or ShapeKind.Enum or ShapeKind.EnumByName or ShapeKind.DateTime or ShapeKind.Scalar => true,
                };
                if (unseen)
                {
                    untracked.Add(shape.HelperName!);
                    grew = true;
                }
            }
        }
        while (grew);
        return untracked;

        bool ObjectUnseen(ObjectModel type) => type.IsStruct
            ? type.Members.Any(m => m.IsRestored && Unseen(m.Shape))
            : !type.Tracked || type.BeforeSerialize is not null || type.Members.Any(m => m.IsRestored && (!m.Tracked || Unseen(m.Shape)));
    }
}
