using MessagePack;

namespace Engine.Core.Model;

/// <summary>A countdown that raises a script event when it reaches zero.</summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed class GameTimer
{
    public string Id { get; set; } = "";

    /// <summary>Seconds left; a double of seconds travels in every format, unlike <see cref="TimeSpan"/>.</summary>
    public double RemainingSeconds { get; set; }

    public double IntervalSeconds { get; set; }

    public bool Repeating { get; set; }

    public bool Paused { get; set; }

    public string EventName { get; set; } = "";
}
