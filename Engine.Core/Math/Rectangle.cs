using MessagePack;

namespace Engine.Core.Math;

/// <summary>An axis-aligned rectangle in world units; <see cref="X"/>, <see cref="Y"/> is the top-left corner.</summary>
[MessagePackObject(keyAsPropertyName: true)]
public struct Rectangle : IEquatable<Rectangle>
{
    public float X;
    public float Y;
    public float Width;
    public float Height;

    public Rectangle(float x, float y, float width, float height)
    {
        X = x;
        Y = y;
        Width = width;
        Height = height;
    }

    public readonly bool Contains(Vector2 point) =>
        point.X >= X && point.Y >= Y && point.X < X + Width && point.Y < Y + Height;

    public static bool operator ==(Rectangle a, Rectangle b) => a.Equals(b);

    public static bool operator !=(Rectangle a, Rectangle b) => !a.Equals(b);

    public readonly bool Equals(Rectangle other) =>
        X.Equals(other.X) && Y.Equals(other.Y) && Width.Equals(other.Width) && Height.Equals(other.Height);

    public override readonly bool Equals(object? obj) => obj is Rectangle other && Equals(other);

    public override readonly int GetHashCode() => HashCode.Combine(X, Y, Width, Height);

    public override readonly string ToString() => $"[{X}, {Y}, {Width} x {Height}]";
}
