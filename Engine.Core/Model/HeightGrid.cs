using Engine.Serialization;
using MessagePack;

namespace Engine.Core.Model;

/// <summary>
/// A 2D grid of floats stored row by row in one flat array: the shape every format can carry
/// (XML and protobuf have no multi-dimensional arrays) and the one a bulk copy wants. A grid whose
/// cells don't fill its width x height is refused on save and on load (its callbacks), since
/// <see cref="Get"/> would fail on it far from either.
/// </summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed partial class HeightGrid : IMessagePackSerializationCallbackReceiver
{
    /// <summary>
    /// The constructor a load uses. Without the attribute MessagePack would choose the one taking width and height,
    /// which allocates the cells from what a save claims before the save's own cells are read.
    /// </summary>
    [SerializationConstructor]
    public HeightGrid()
    {
    }

    public HeightGrid(int width, int height)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(width);
        ArgumentOutOfRangeException.ThrowIfNegative(height);
        Width = width;
        Height = height;
        Cells = new TrackedList<float>(new float[checked(width * height)]);
    }

    public partial int Width { get; set; }

    public partial int Height { get; set; }

    /// <summary>Row-major cells: the cell at (x, y) is <c>Cells[y * Width + x]</c>.</summary>
    public partial TrackedList<float> Cells { get; set; } = [];

    public float Get(int x, int y) => Cells[IndexOf(x, y)];

    public void Set(int x, int y, float value) => Cells[IndexOf(x, y)] = value;

    public bool IsWalkable(int x, int y) => Get(x, y) >= 0;

    /// <summary>Why the cells don't fill the grid ("is 3 x 4 but holds 10 cells"), or null when they do (or are missing: a null of its own).</summary>
    public string? ShapeProblem() =>
        Cells is not null && (Width < 0 || Height < 0 || (long)Width * Height != Cells.Count)
            ? $"is {Width} x {Height} but holds {Cells.Count:N0} cells"
            : null;

    void IMessagePackSerializationCallbackReceiver.OnBeforeSerialize() => ThrowIfMisshapen();

    void IMessagePackSerializationCallbackReceiver.OnAfterDeserialize() => ThrowIfMisshapen();

    private void ThrowIfMisshapen()
    {
        if (ShapeProblem() is { } problem)
        {
            throw new InvalidDataException($"The height grid {problem}.");
        }
    }

    private int IndexOf(int x, int y)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(x);
        ArgumentOutOfRangeException.ThrowIfNegative(y);
        ArgumentOutOfRangeException.ThrowIfGreaterThanOrEqual(x, Width);
        ArgumentOutOfRangeException.ThrowIfGreaterThanOrEqual(y, Height);
        return (y * Width) + x;
    }
}
