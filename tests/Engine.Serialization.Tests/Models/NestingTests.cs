using Engine.Serialization.Container;
using Engine.Serialization.Formats.Xml;
using Engine.Serialization.Models;
using Engine.Serialization.Slots;
using Engine.Serialization.Tests.Fixtures;
using Engine.Testing;
using MessagePack;

namespace Engine.Serialization.Tests.Models;

/// <summary>
/// A model whose types contain themselves (a tree): a game's state may then nest as deep as it likes, or hold a cycle.
/// Saving such state used to overflow the stack and end the process (a cycle), or write a save no load would read
/// (deeper than the load's nesting limit).
/// </summary>
public sealed class NestingTests : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("nesting-").FullName;

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    [Theory]
    [MemberData(nameof(SaveCases.EveryFormat), MemberType = typeof(SaveCases))]
    public async Task Save_OfAGameHoldingACycle_ThrowsSaveEncodingAndKeepsTheSlot(SaveFormat format, SaveCompression compression)
    {
        var options = new SaveOptions { Format = format, Compression = compression };
        var store = new SaveSlotStore<NestedWorld>(_folder, options);
        var world = Chain(3, byName: false);
        await store.SaveAsync("slot", world);
        world.Root.Children[0].Children.Add(world.Root);

        var direct = Assert.Throws<SaveEncodingException>(() => SaveSerializer.Save(world, null, options));

        // The snapshot refuses it on the game's thread; the refusal arrives in the task, as the write's own failures do.
        var slotSave = store.SaveAsync("slot", world);
        var autosaveTask = store.AutosaveAsync(world);
        var slot = await Assert.ThrowsAsync<SaveEncodingException>(() => slotSave);
        var autosave = await Assert.ThrowsAsync<SaveEncodingException>(() => autosaveTask);

        foreach (var error in new[] { direct, slot, autosave })
        {
            Assert.Contains("deeper than 500 levels, or holds an object that contains itself (a cycle)", error.Message, StringComparison.Ordinal);
        }

        GraphAssert.Equal(Chain(3, byName: false), store.Load("slot").Content);
    }

    [Theory]
    [MemberData(nameof(SaveCases.EveryFormat), MemberType = typeof(SaveCases))]
    public void Save_TheDeepestTreeItWrites_LoadsBack(SaveFormat format, SaveCompression compression)
    {
        var options = new SaveOptions { Format = format, Compression = compression };
        foreach (var byName in new[] { false, true })
        {
            int deepest = DeepestSaved(options, byName);

            var world = Chain(deepest, byName);
            GraphAssert.Equal(world, SaveSerializer.Load<NestedWorld>(SaveSerializer.Save(world, null, options)));
            Assert.Throws<SaveEncodingException>(() => SaveSerializer.Save(Chain(deepest + 1, byName), null, options));
            Assert.InRange(deepest, 200, CodecSupport.MaxNesting);
        }
    }

    [Fact]
    public void Save_OfKeptMembersMovedDeeperThanALoadReads_ThrowsSaveEncoding()
    {
        // A newer game's member of the root node, nesting to the deepest level a load reads: <NestedWorld> is the first
        // level, <Root> the second, <Newer> the third.
        int levels = XmlCodec.MaxDepth - 3;
        string xml = $"<NestedWorld><Root><Newer>{string.Concat(Enumerable.Repeat("<a>", levels))}{string.Concat(Enumerable.Repeat("</a>", levels))}</Newer></Root></NestedWorld>";
        var world = SaveSerializer.Load<NestedWorld>(Fuzzing.SaveFiles.Frame(
            SaveFormat.Xml, SaveCompression.None, System.Text.Encoding.UTF8.GetBytes(xml), new SaveMetadata { ModelId = SaveModels.IdOf<NestedWorld>() }));
        var options = new SaveOptions { Format = SaveFormat.Xml };
        SaveSerializer.Load<NestedWorld>(SaveSerializer.Save(world, null, options));

        world.Root = new NestedNode { Children = { world.Root } };

        var error = Assert.Throws<SaveEncodingException>(() => SaveSerializer.Save(world, null, options));
        Assert.Contains($"deeper than {XmlCodec.MaxDepth} levels", error.Message, StringComparison.Ordinal);
    }

    /// <summary>The longest chain of nodes a save in <paramref name="options"/> accepts, found by bisection.</summary>
    private static int DeepestSaved(SaveOptions options, bool byName)
    {
        int accepted = 1, refused = CodecSupport.MaxNesting + 1;
        while (refused - accepted > 1)
        {
            int depth = (accepted + refused) / 2;
            try
            {
                SaveSerializer.Save(Chain(depth, byName), null, options);
                accepted = depth;
            }
            catch (SaveEncodingException)
            {
                refused = depth;
            }
        }

        return accepted;
    }

    /// <summary>A world whose root has one child, which has one child, <paramref name="depth"/> deep: through lists or dictionaries.</summary>
    private static NestedWorld Chain(int depth, bool byName)
    {
        var world = new NestedWorld { Name = "chain" };
        var node = world.Root;
        for (int i = 0; i < depth; i++)
        {
            var child = new NestedNode { Id = i };
            if (byName)
            {
                node.Named["next"] = child;
            }
            else
            {
                node.Children.Add(child);
            }

            node = child;
        }

        return world;
    }
}

[SaveModel]
[MessagePackObject(keyAsPropertyName: true)]
public sealed class NestedWorld
{
    public string Name { get; set; } = "";

    public NestedNode Root { get; set; } = new();
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class NestedNode
{
    public int Id { get; set; }

    public List<NestedNode> Children { get; set; } = [];

    public Dictionary<string, NestedNode> Named { get; set; } = [];
}
