using Engine.Serialization.Tests.Fixtures;
using Engine.Testing;
using MessagePack;

namespace Engine.Serialization.Tests.Models;

/// <summary>
/// A tracked model: <c>partial</c> properties the game declares with their defaults, which the generator implements so
/// that each change marks its object (ChangeTrackingTests). It saves and loads as any model does.
/// </summary>
public sealed class TrackedModelTests
{
    [Theory]
    [MemberData(nameof(SaveCases.EveryFormat), MemberType = typeof(SaveCases))]
    public void ATrackedModel_RoundTrips_WithItsDefaults(SaveFormat format, SaveCompression compression)
    {
        var camp = new TrackedCamp { Fires = 2, Tent = new TrackedTent { Color = "red" } };
        var options = new SaveOptions { Format = format, Compression = compression };

        var back = SaveSerializer.Load<TrackedCamp>(SaveSerializer.Save(camp, null, options));

        GraphAssert.Equal(camp, back);
        Assert.Equal(("camp", "green"), (new TrackedCamp().Name, new TrackedTent().Color));
    }
}

[SaveModel]
[MessagePackObject(keyAsPropertyName: true)]
public sealed partial class TrackedCamp
{
    public partial string Name { get; set; } = "camp";

    public partial int Fires { get; set; }

    public partial TrackedTent Tent { get; set; } = new();
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed partial class TrackedTent
{
    public partial string Color { get; set; } = "green";
}
