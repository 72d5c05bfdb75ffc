using MessagePack;

namespace Engine.Core.Model;

/// <summary>A countdown that raises a script event when it reaches zero.</summary>
[MessagePackObject(keyAsPropertyName: true)]
public sealed partial class GameTimer
{
    public partial string Id { get; set; } = "";

    /// <summary>Seconds left; a double of seconds travels in every format, unlike <see cref="TimeSpan"/>.</summary>
    public partial double RemainingSeconds { get; set; }

    public partial double IntervalSeconds { get; set; }

    public partial bool Repeating { get; set; }

    public partial bool Paused { get; set; }

    public partial string EventName { get; set; } = "";
}
