using MessagePack;

namespace Engine.Core.Model;

/// <summary>
/// A 2D grid of floats stored row by row in one flat array: the shape every format can carry
/// (XML and protobuf have no multi-dimensional arrays) and the one a bulk copy wants.
/// </summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed class HeightGrid
{
    public HeightGrid()
    {
    }

    public HeightGrid(int width, int height)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(width);
        ArgumentOutOfRangeException.ThrowIfNegative(height);
        Width = width;
        Height = height;
        Cells = new float[checked(width * height)];
    }

    public int Width { get; set; }

    public int Height { get; set; }

    /// <summary>Row-major cells: the cell at (x, y) is <c>Cells[y * Width + x]</c>.</summary>
    public float[] Cells { get; set; } = [];

    public float Get(int x, int y) => Cells[IndexOf(x, y)];

    public void Set(int x, int y, float value) => Cells[IndexOf(x, y)] = value;

    public bool IsWalkable(int x, int y) => Get(x, y) >= 0;

    private int IndexOf(int x, int y)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(x);
        ArgumentOutOfRangeException.ThrowIfNegative(y);
        ArgumentOutOfRangeException.ThrowIfGreaterThanOrEqual(x, Width);
        ArgumentOutOfRangeException.ThrowIfGreaterThanOrEqual(y, Height);
        return (y * Width) + x;
    }
}
