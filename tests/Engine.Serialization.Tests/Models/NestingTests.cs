using Engine.Serialization.Container;
using Engine.Serialization.Internal;
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
        int back = world.Root.Children[0].Children.Count;
        world.Root.Children[0].Children.Add(world.Root);

        var direct = Assert.Throws<SaveEncodingException>(() => SaveSerializer.Save(world, null, options));

        // The snapshot refuses it on the game's thread; the refusal arrives in the task, as the write's own failures do.
        var slotSave = store.SaveAsync("slot", world);
        var autosaveTask = store.AutosaveAsync(world);
        var slot = await Assert.ThrowsAsync<SaveEncodingException>(() => slotSave);
        var autosave = await Assert.ThrowsAsync<SaveEncodingException>(() => autosaveTask);

        foreach (var error in new[] { direct, slot, autosave })
        {
            Assert.Contains($"The game holds a cycle: Root.Children[0].Children[{back}] is Root again, an object inside itself", error.Message, StringComparison.Ordinal);
        }

        GraphAssert.Equal(Chain(3, byName: false), store.Load("slot").Content);
    }

    [Theory]
    [MemberData(nameof(SaveCases.EveryFormat), MemberType = typeof(SaveCases))]
    public void Save_OfACycleThroughADictionary_NamesItsKey(SaveFormat format, SaveCompression compression)
    {
        var world = Chain(3, byName: true);
        var inner = world.Root.Named.Values.Single();
        inner.Named["back"] = inner;

        var error = Assert.Throws<SaveEncodingException>(() => SaveSerializer.Save(world, null, new SaveOptions { Format = format, Compression = compression }));

        // protobuf-net's own writer of a map's entries stops the walk first, with an error of its own.
        if (format == SaveFormat.Protobuf)
        {
            return;
        }

        string path = $"Root.Named[{world.Root.Named.Keys.Single()}]";
        Assert.Contains($"The game holds a cycle: {path}.Named[back] is {path} again", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Save_NestedTooDeepWithoutACycle_SaysHowDeep()
    {
        var error = Assert.Throws<SaveEncodingException>(() => SaveSerializer.Save(Chain(CodecSupport.MaxNesting + 1, byName: false)));

        Assert.Contains("deeper than 500 levels, or holds an object that contains itself (a cycle)", error.Message, StringComparison.Ordinal);
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

    [Theory]
    [InlineData(100, true)]
    [InlineData(CodecSupport.MaxDocumentDepth - 2, true)]
    [InlineData(CodecSupport.MaxDocumentDepth - 1, false)]
    [InlineData(1_000_000, false)]
    public void Load_OfAMemberANewerGameWrote_KeepsIt_OnlyIfItNestsNoDeeperThanADocumentOpens(int levels, bool loads)
    {
        // A load keeps such a member and writes it back, and migrations and savetool open a payload as a document, which
        // must take every save a load takes: a member under the root (one level a load counts, two at most in a
        // document), nesting no deeper than MaxDocumentDepth in all.
        byte[] raw = SaveSerializer.ReadPayload(SaveSerializer.Save(Chain(3, byName: false))).Payload.ToArray();
        Assert.Equal(0x82, raw[0]); // Name and Root
        byte[] payload = [0x83, .. raw.AsSpan(1), 0xA6, .. "Future"u8, .. Enumerable.Repeat((byte)0x91, levels), 0xC0];
        var file = new System.Buffers.ArrayBufferWriter<byte>();
        SaveContainer.Write(file, SaveFormat.MessagePack, SaveCompression.None, 1, new SaveMetadata { ModelId = SaveModels.IdOf<NestedWorld>() }, payload, payload.Length);

        if (loads)
        {
            var loaded = SaveSerializer.Load<NestedWorld>(file.WrittenMemory);
            byte[] again = SaveSerializer.ReadPayload(SaveSerializer.Save(loaded)).Payload.ToArray();
            Assert.Equal("chain", new Engine.Serialization.Documents.MessagePackDocument(again).Root.GetString("Name"));
        }
        else
        {
            var error = Assert.Throws<SaveCorruptedException>(() => SaveSerializer.Load<NestedWorld>(file.WrittenMemory));
            Assert.Contains($"deeper than {CodecSupport.MaxDocumentDepth} levels", error.Message, StringComparison.Ordinal);
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
