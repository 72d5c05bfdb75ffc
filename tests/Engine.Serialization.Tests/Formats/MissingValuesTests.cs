using System.Collections;
using System.Reflection;
using System.Text;
using Engine.Core.Model;
using Engine.Serialization.Container;
using Engine.Serialization.Internal;
using Engine.Serialization.Models;
using Engine.Serialization.Tests.Fuzzing;

namespace Engine.Serialization.Tests.Formats;

/// <summary>
/// A game never holds null where the model has none: such a save is refused before anything is written, and such a
/// payload is refused at load. The theories walk the model by reflection, independently of the generator that writes
/// the checks, so a member the generated walk misses fails here.
/// </summary>
public sealed class MissingValuesTests
{
    private static readonly SaveModelCodec<GameContent> Codec = SaveModels.Get<GameContent>();

    /// <summary>Every reference-typed property of every model class, as "Type.Property".</summary>
    public static TheoryData<string> Members()
    {
        var members = new TheoryData<string>();
        foreach (var type in ModelTypes.ReachableFrom(typeof(GameContent)).Where(IsModelClass).OrderBy(t => t.Name, StringComparer.Ordinal))
        {
            foreach (var property in type.GetProperties().Where(p => p.CanWrite && !p.PropertyType.IsValueType))
            {
                members.Add($"{type.Name}.{property.Name}");
            }
        }

        return members;
    }

    /// <summary>Every list in the model whose elements are references, by its element type.</summary>
    public static TheoryData<string> ListsOfReferences() =>
        [.. ModelTypes.ReachableFrom(typeof(GameContent))
            .Where(t => t.IsGenericType && t.GetGenericTypeDefinition() is var list && (list == typeof(List<>) || list == typeof(TrackedList<>)) && !t.GetGenericArguments()[0].IsValueType)
            .Select(t => t.GetGenericArguments()[0].Name)
            .Order(StringComparer.Ordinal)];

    [Theory]
    [MemberData(nameof(Members))]
    public void ThrowIfAny_NullInAnyMember_ThrowsSaveCorruptedNamingIt(string member)
    {
        var content = ContentGenerator.Create(ContentSize.Small);
        string[] parts = member.Split('.');
        object owner = Find(content, o => o.GetType().Name == parts[0]) ?? throw new InvalidOperationException($"The Small game has no {parts[0]}.");
        owner.GetType().GetProperty(parts[1])!.SetValue(owner, null);

        var error = Assert.Throws<SaveCorruptedException>(() => MissingValues.ThrowIfAny(Codec, content));

        Assert.Contains(parts[1], error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(Members))]
    public void Save_NullInAnyMember_IsRefusedBeforeWritingInEveryFormat(string member)
    {
        var content = ContentGenerator.Create(ContentSize.Small);
        string[] parts = member.Split('.');
        object owner = Find(content, o => o.GetType().Name == parts[0]) ?? throw new InvalidOperationException($"The Small game has no {parts[0]}.");
        owner.GetType().GetProperty(parts[1])!.SetValue(owner, null);

        foreach (var format in Enum.GetValues<SaveFormat>())
        {
            var stream = new MemoryStream();
            var error = Assert.Throws<SaveEncodingException>(() => SaveSerializer.Save(stream, content, options: new SaveOptions { Format = format }));

            Assert.Contains(parts[1], error.Message, StringComparison.Ordinal);
            Assert.Equal(0, stream.Length);
        }
    }

    [Theory]
    [MemberData(nameof(ListsOfReferences))]
    public void ThrowIfAny_NullListElement_ThrowsSaveCorrupted(string elementType)
    {
        var content = ContentGenerator.Create(ContentSize.Small);
        var list = (IList)(Find(content, o => o is IList && o.GetType().IsGenericType && o.GetType().GetGenericArguments()[0].Name == elementType)
            ?? throw new InvalidOperationException($"The Small game has no list of {elementType}."));
        list.Add(null);

        var error = Assert.Throws<SaveCorruptedException>(() => MissingValues.ThrowIfAny(Codec, content));

        Assert.Contains($"[{list.Count - 1}]", error.Message, StringComparison.Ordinal);
        var refused = Assert.Throws<SaveEncodingException>(() => SaveSerializer.Save(content));
        Assert.Contains($"[{list.Count - 1}]", refused.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void ThrowIfAny_CompleteGame_DoesNothing()
    {
        MissingValues.ThrowIfAny(Codec, ContentGenerator.Create(ContentSize.Medium));
    }

    [Theory]
    [InlineData(1, 0)]
    [InlineData(0, -1)]
    [InlineData(-1, 0)]
    public void Save_GridCellsNotFillingWidthTimesHeight_IsRefusedInEveryFormat(int extraWidth, int extraCells)
    {
        var content = ContentGenerator.Create(ContentSize.Small);
        var grid = content.Rooms[^1].WalkGrid;
        grid.Width += extraWidth;
        grid.Cells = new TrackedList<float>(new float[grid.Cells.Count + extraCells]);

        foreach (var format in Enum.GetValues<SaveFormat>())
        {
            var error = Assert.Throws<SaveEncodingException>(() => SaveSerializer.Save(content, options: new SaveOptions { Format = format }));
            Assert.Contains("height grid", error.Message, StringComparison.OrdinalIgnoreCase);
        }
    }

    [Fact]
    public void Save_NegativeGridSidesWithAPositiveProduct_IsRefused()
    {
        var content = ContentGenerator.Create(ContentSize.Small);
        content.Rooms[0].WalkGrid = new HeightGrid { Width = -1, Height = -1, Cells = [0f] };

        Assert.Throws<SaveEncodingException>(() => SaveSerializer.Save(content));
    }

    [Theory]
    [InlineData(SaveFormat.MessagePack)]
    [InlineData(SaveFormat.Xml)]
    [InlineData(SaveFormat.Protobuf)]
    public void Load_GridWiderThanItsCells_ThrowsSaveCorruptedInEveryFormat(SaveFormat format)
    {
        var content = ContentGenerator.Create(ContentSize.Small);
        content.Rooms[0].WalkGrid.Width++;
        byte[] save = SaveFiles.Frame(format, SaveCompression.None, SaveFiles.PayloadSkippingChecks(format, content));

        var error = Assert.Throws<SaveCorruptedException>(() => SaveSerializer.Load<GameContent>(save));
        Assert.Contains("height grid", error.Message, StringComparison.OrdinalIgnoreCase);
    }

    [Theory]
    [InlineData(new byte[] { 0x81, 0xA5, (byte)'R', (byte)'o', (byte)'o', (byte)'m', (byte)'s', 0xC0 })]       // { "Rooms": nil }
    [InlineData(new byte[] { 0x81, 0xA5, (byte)'R', (byte)'o', (byte)'o', (byte)'m', (byte)'s', 0x91, 0xC0 })] // { "Rooms": [nil] }
    [InlineData(new byte[] { 0x81, 0xA5, (byte)'T', (byte)'i', (byte)'t', (byte)'l', (byte)'e', 0xC0 })]       // { "Title": nil }
    public void Load_MessagePackNilWhereTheGameNeedsAValue_ThrowsSaveCorrupted(byte[] payload)
    {
        byte[] save = SaveFiles.Frame(SaveFormat.MessagePack, SaveCompression.None, payload);

        var error = Assert.Throws<SaveCorruptedException>(() => SaveSerializer.Load<GameContent>(save));
        Assert.Contains("nil where the game needs a value", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Load_XmlNilWhereTheGameNeedsAValue_ThrowsSaveCorrupted()
    {
        const string xml = "<GameContent xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"><Rooms><Room xsi:nil=\"true\"/></Rooms></GameContent>";
        byte[] save = SaveFiles.Frame(SaveFormat.Xml, SaveCompression.Lz4, Encoding.UTF8.GetBytes(xml));

        var error = Assert.Throws<SaveCorruptedException>(() => SaveSerializer.Load<GameContent>(save));
        Assert.Contains("Rooms[0]", error.Message, StringComparison.Ordinal);
    }

    public static TheoryData<string> MetadataReferences() =>
        [.. typeof(SaveMetadata).GetProperties().Where(p => p.CanWrite && !p.PropertyType.IsValueType).Select(p => p.Name)];

    // docs/FORMAT.md, "Metadata block": no key may hold nil. The block names its model, so nil is all that is wrong with it.
    [Theory]
    [MemberData(nameof(MetadataReferences))]
    public void Load_MetadataNilForAnyReference_ThrowsSaveCorruptedNamingIt(string property)
    {
        byte[] save = SaveSerializer.Save(ContentGenerator.Create(ContentSize.Small));
        byte[] model = property == nameof(SaveMetadata.ModelId) ? [] : [.. MessagePackString(nameof(SaveMetadata.ModelId)), .. MessagePackString(Codec.ModelId)];
        byte[] metadata = [(byte)(model.Length == 0 ? 0x81 : 0x82), .. model, .. MessagePackString(property), 0xC0];

        var error = Assert.Throws<SaveCorruptedException>(() => SaveSerializer.Load<GameContent>(SaveFiles.WithMetadataBytes(save, metadata)));
        Assert.Contains($"The metadata block holds nil for its {property}", error.Message, StringComparison.Ordinal);
    }

    private static byte[] MessagePackString(string text) => [(byte)(0xA0 | text.Length), .. Encoding.UTF8.GetBytes(text)];

    private static bool IsModelClass(Type type) => type.IsClass && type != typeof(string) && !type.IsArray && !type.IsGenericType;

    /// <summary>The first object in the graph that matches, depth first.</summary>
    private static object? Find(object node, Func<object, bool> match)
    {
        if (match(node))
        {
            return node;
        }

        IEnumerable<object?> children = node is IList list && node is not Array
            ? list.Cast<object?>()
            : IsModelClass(node.GetType())
                ? node.GetType().GetProperties(BindingFlags.Public | BindingFlags.Instance).Where(p => !p.PropertyType.IsValueType).Select(p => p.GetValue(node))
                : [];
        foreach (object? child in children)
        {
            if (child is not null && child is not string && Find(child, match) is { } found)
            {
                return found;
            }
        }

        return null;
    }
}
