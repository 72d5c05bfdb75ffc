using Engine.Core.Model;
using Engine.Serialization.Container;
using Engine.Serialization.Models;
using Engine.Testing;

namespace Engine.Serialization.Tests;

/// <summary>The snapshot an async save encodes: a generated deep copy, checked by the reflection oracle.</summary>
public sealed class SnapshotCopyTests
{
    [Fact]
    public void Copy_GivesAnEqualGraph_ThatSharesNothingMutable()
    {
        var original = ContentGenerator.Create(ContentSize.Medium);

        var copy = SaveModels.Get<GameContent>().Copy(original);

        GraphAssert.Equal(original, copy);
        Assert.Null(SharedObjects.FindFirst(original, copy));
    }

    [Fact]
    public void PreparedSave_HoldsTheStateAtTheCall_WhateverTheGameDoesAfterwards()
    {
        var content = ContentGenerator.Create(ContentSize.Small);
        var expected = SaveSerializer.Save(content, SaveMetadata.For(content));
        var metadata = SaveMetadata.For(content);
        var prepared = PreparedSave<GameContent>.Prepare(content, metadata);

        content.Rooms[0].WalkGrid.Cells[0] = 99f;
        content.Rooms.RemoveAt(1);
        content.Player.Name = "changed";

        var saved = SaveSerializer.Load<GameContent>(prepared.ToArray());
        Assert.Equal("Guybrush", saved.Player.Name);
        GraphAssert.Equal(SaveSerializer.Load<GameContent>(expected), saved);
    }
}
