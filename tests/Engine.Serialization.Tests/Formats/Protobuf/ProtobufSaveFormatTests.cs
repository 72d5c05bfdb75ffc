using System.Buffers;
using System.Collections;
using System.ComponentModel;
using System.Reflection;
using System.Text.RegularExpressions;
using Engine.Core.Generation;
using Engine.Core.Model;
using Engine.Serialization.Errors;
using Engine.Serialization.Formats.Protobuf;
using Engine.Testing;
using ProtoBuf;

namespace Engine.Serialization.Tests.Formats.Protobuf;

public sealed class ProtobufSaveFormatTests
{
#pragma warning disable PBN9001 // [ProtoSurrogate] is experimental in protobuf-net; this only reads it.
    private static readonly Dictionary<Type, Type> Surrogates = typeof(GameContentProtoModel)
        .GetCustomAttributes<ProtoSurrogateAttribute>()
        .ToDictionary(a => a.Type, a => a.Surrogate);
#pragma warning restore PBN9001

    [Theory]
    [InlineData(ContentSize.Small)]
    [InlineData(ContentSize.Medium)]
    public void Write_ThenRead_GivesEqualContent(ContentSize size)
    {
        var content = ContentGenerator.Create(size);

        GraphAssert.Equal(content, ProtobufSaveFormat.Instance.Read(Write(content)));
    }

    [Fact]
    public void Write_GivesPlainProtobufThatASchemaFreeReaderWalks()
    {
        var content = ContentGenerator.Create(ContentSize.Small);
        string? title = null;
        int rooms = 0;

        var reader = ProtoReader.State.Create(Write(content), model: null);
        try
        {
            int field;
            while ((field = reader.ReadFieldHeader()) > 0)
            {
                switch (field)
                {
                    case 3:
                        title = reader.ReadString();
                        break;
                    case 4:
                        rooms++;
                        reader.SkipField();
                        break;
                    default:
                        reader.SkipField();
                        break;
                }
            }
        }
        finally
        {
            reader.Dispose();
        }

        Assert.Equal(content.Title, title);
        Assert.Equal(content.Rooms.Count, rooms);
    }

    [Fact]
    public void NonZeroDefaults_SetToZero_RoundTripAsZero()
    {
        var content = OneOfEach();
        var zeroed = new List<string>();
        ZeroNonZeroDefaults(content, zeroed);

        var loaded = ProtobufSaveFormat.Instance.Read(Write(content));

        // The model's members with non-zero defaults: the surrogates give each a matching [DefaultValue].
        Assert.Equal(
            [
                "AnimationState.Looping", "AnimationState.Name", "AnimationState.Speed", "Camera.Zoom", "Character.Tint",
                "Character.WalkSpeed", "GameContent.SchemaVersion", "Hotspot.Enabled", "InventoryEntry.Count",
                "Room.AmbientLight", "RoomObject.Scale", "RoomObject.Tint", "RoomObject.Visible",
            ],
            zeroed.Distinct().Order(StringComparer.Ordinal));
        GraphAssert.Equal(content, loaded);
    }

    [Fact]
    public void Read_EmptyPayload_GivesANewGame()
    {
        GraphAssert.Equal(new GameContent(), ProtobufSaveFormat.Instance.Read(ReadOnlyMemory<byte>.Empty));
    }

    [Fact]
    public void Read_MessagesWithNoFields_KeepTheModelsDefaults()
    {
        // One empty message per list element, nested messages left out unless they hold a list:
        // every member of every model type is absent, as in a save from before it existed.
        byte[] payload = EmptyMessages(typeof(GameContent));

        GraphAssert.Equal(OneOfEach(), ProtobufSaveFormat.Instance.Read(payload));
    }

    [Fact]
    public void EveryModelType_HasASurrogate_WithAProtoMemberForEachOfItsMembers()
    {
        var modelTypes = ModelTypes.ReachableFrom(typeof(GameContent))
            .Where(t => t.Assembly == typeof(GameContent).Assembly && !t.IsEnum)
            .ToList();
        Assert.Contains(typeof(Engine.Core.Math.Color), modelTypes);

        Assert.All(modelTypes, type =>
        {
            Assert.True(Surrogates.TryGetValue(type, out var surrogate), $"{type.Name} has no [ProtoSurrogate] on GameContentProtoModel");
            var modelMembers = type.GetProperties(BindingFlags.Public | BindingFlags.Instance)
                .Where(p => p.SetMethod is { IsPublic: true })
                .Select(p => p.Name)
                .Concat(type.GetFields(BindingFlags.Public | BindingFlags.Instance).Select(f => f.Name));
            Assert.Equal(modelMembers.Order(StringComparer.Ordinal), ProtoMembers(surrogate).Select(m => m.Member.Name).Order(StringComparer.Ordinal));
        });
    }

    [Fact]
    public void TheProtoFile_NamesEveryFieldAndEnumValue()
    {
        string proto = File.ReadAllText(ProtoFilePath());

        Assert.Equal(Surrogates.Count, Regex.Matches(proto, @"^message \w+ \{", RegexOptions.Multiline).Count);
        foreach (var (model, surrogate) in Surrogates)
        {
            string body = Block(proto, "message", model.Name);
            var members = ProtoMembers(surrogate);
            Assert.Equal(members.Count, Regex.Matches(body, @"^\s*(optional|repeated) ", RegexOptions.Multiline).Count);
            foreach (var (member, attribute) in members)
            {
                string line = Regex.Match(body, $@"^.* {SnakeCase(member.Name)} = {attribute.Tag}\b.*$", RegexOptions.Multiline).Value;
                Assert.True(line.Length > 0, $"{model.Name}.{member.Name} = {attribute.Tag} is not in GameContent.proto");
                Assert.Equal(attribute.IsPacked, line.Contains("[packed = true]", StringComparison.Ordinal));
                Assert.Equal(member.IsDefined(typeof(DefaultValueAttribute)) && !Equals(member.GetCustomAttribute<DefaultValueAttribute>()!.Value, ""), line.Contains("[default = ", StringComparison.Ordinal));
            }
        }

        foreach (var type in ModelTypes.ReachableFrom(typeof(GameContent)).Where(t => t.IsEnum))
        {
            string body = Block(proto, "enum", type.Name);
            var values = Enum.GetValues(type).Cast<Enum>().ToList();
            Assert.Equal(values.Count, Regex.Matches(body, @"=").Count);
            Assert.All(values, value => Assert.Contains(
                $"{SnakeCase(type.Name).ToUpperInvariant()}_{SnakeCase(value.ToString()).ToUpperInvariant()} = {Convert.ToInt32(value, null)};",
                body,
                StringComparison.Ordinal));
        }
    }

    [Fact]
    public void Write_ANullListElement_ThrowsSaveEncoding()
    {
        var content = ContentGenerator.Create(ContentSize.Small);
        content.Rooms[0].Objects[0].Tags.Add(null!);

        Assert.Throws<SaveEncodingException>(() => ProtobufSaveFormat.Instance.Write(new ArrayBufferWriter<byte>(), content));
    }

    [Theory]
    [InlineData("FF FF FF FF FF FF FF FF FF FF FF")] // a varint longer than 64 bits
    [InlineData("22 05 0A 01")] // rooms: a length past the end
    [InlineData("00")] // field number 0
    [InlineData("0F")] // wire type 7
    [InlineData("09 00 00 00")] // schema_version as a cut-short fixed64
    [InlineData("22 03 3A 01 08")] // a room's ambient_light cut inside
    public void Read_MalformedPayload_ThrowsSaveCorrupted(string hex)
    {
        Assert.Throws<SaveCorruptedException>(() => ProtobufSaveFormat.Instance.Read(Convert.FromHexString(hex.Replace(" ", "", StringComparison.Ordinal))));
    }

    [Fact]
    public void Read_TruncatedPayload_ThrowsSaveCorrupted()
    {
        byte[] payload = Write(ContentGenerator.Create(ContentSize.Small));

        Assert.Throws<SaveCorruptedException>(() => ProtobufSaveFormat.Instance.Read(payload.AsMemory(0, payload.Length / 2)));
        Assert.Throws<SaveCorruptedException>(() => ProtobufSaveFormat.Instance.Read(payload.AsMemory(0, payload.Length - 1)));

        // A cut between two top-level fields leaves a valid, shorter message that protobuf can't tell
        // from a whole one (the container's checksum catches that); any other cut must be refused.
        for (int length = 1; length < payload.Length; length += 3)
        {
            ReadsOrThrowsSaveCorrupted(payload.AsMemory(0, length));
        }
    }

    [Fact]
    public void Read_BitFlippedPayload_LoadsOrThrowsSaveCorrupted()
    {
        byte[] payload = Write(ContentGenerator.Create(ContentSize.Small));
        var random = new Random(20261122);

        for (int i = 0; i < 2000; i++)
        {
            byte[] damaged = (byte[])payload.Clone();
            damaged[random.Next(damaged.Length)] ^= (byte)(1 << random.Next(8));
            ReadsOrThrowsSaveCorrupted(damaged);
        }
    }

    [Fact]
    public void Read_RandomBytes_LoadOrThrowSaveCorrupted()
    {
        var random = new Random(20261122);

        for (int i = 0; i < 5000; i++)
        {
            byte[] bytes = new byte[random.Next(1, 256)];
            random.NextBytes(bytes);
            ReadsOrThrowsSaveCorrupted(bytes);
        }
    }

    private static byte[] Write(GameContent content)
    {
        var buffer = new ArrayBufferWriter<byte>();
        ProtobufSaveFormat.Instance.Write(buffer, content);
        return buffer.WrittenSpan.ToArray();
    }

    private static void ReadsOrThrowsSaveCorrupted(ReadOnlyMemory<byte> payload)
    {
        try
        {
            ProtobufSaveFormat.Instance.Read(payload);
        }
        catch (SaveCorruptedException)
        {
        }
    }

    private static List<(MemberInfo Member, ProtoMemberAttribute Attribute)> ProtoMembers(Type surrogate) =>
        surrogate.GetMembers(BindingFlags.Public | BindingFlags.Instance)
            .Select(m => (Member: m, Attribute: m.GetCustomAttribute<ProtoMemberAttribute>()!))
            .Where(m => m.Attribute is not null)
            .OrderBy(m => m.Attribute.Tag)
            .ToList();

    private static bool IsModelClass(Type type) => type.IsClass && type.Assembly == typeof(GameContent).Assembly;

    private static Type? ModelListElement(Type type) =>
        type.IsGenericType && type.GetGenericTypeDefinition() == typeof(List<>) && IsModelClass(type.GetGenericArguments()[0])
            ? type.GetGenericArguments()[0]
            : null;

    /// <summary>A game whose every list of model objects holds one new object: every model type once, at its defaults.</summary>
    private static GameContent OneOfEach() => (GameContent)Fill(new GameContent());

    private static object Fill(object model)
    {
        foreach (var property in model.GetType().GetProperties())
        {
            if (IsModelClass(property.PropertyType))
            {
                Fill(property.GetValue(model)!);
            }
            else if (ModelListElement(property.PropertyType) is { } element)
            {
                ((IList)property.GetValue(model)!).Add(Fill(Activator.CreateInstance(element)!));
            }
        }

        return model;
    }

    /// <summary>Sets every member whose default is not zero, false or "" to that, throughout the graph.</summary>
    private static void ZeroNonZeroDefaults(object model, List<string> zeroed)
    {
        foreach (var property in model.GetType().GetProperties().Where(p => p.SetMethod is not null))
        {
            object? value = property.GetValue(model);
            var type = property.PropertyType;
            object? zero = type == typeof(string) ? "" : type.IsValueType ? Activator.CreateInstance(type) : null;
            if (zero is not null && !zero.Equals(value))
            {
                property.SetValue(model, zero);
                zeroed.Add($"{model.GetType().Name}.{property.Name}");
            }
            else if (IsModelClass(type))
            {
                ZeroNonZeroDefaults(value!, zeroed);
            }
            else if (ModelListElement(type) is not null)
            {
                foreach (object element in (IList)value!)
                {
                    ZeroNonZeroDefaults(element, zeroed);
                }
            }
        }
    }

    /// <summary>The protobuf encoding of <see cref="OneOfEach"/> with no field set: only the messages that hold a list element.</summary>
    private static byte[] EmptyMessages(Type modelType)
    {
        var output = new List<byte>();
        foreach (var (member, attribute) in ProtoMembers(Surrogates[modelType]))
        {
            var type = ((FieldInfo)member).FieldType;
            bool isList = ModelListElement(type) is not null;
            if (!isList && !IsModelClass(type))
            {
                continue;
            }

            byte[] message = EmptyMessages(ModelListElement(type) ?? type);
            if (isList || message.Length > 0)
            {
                output.AddRange(Varint((attribute.Tag << 3) | 2));
                output.AddRange(Varint(message.Length));
                output.AddRange(message);
            }
        }

        return [.. output];
    }

    private static IEnumerable<byte> Varint(int value)
    {
        for (; value >= 0x80; value >>= 7)
        {
            yield return (byte)(value | 0x80);
        }

        yield return (byte)value;
    }

    private static string SnakeCase(string name) => Regex.Replace(name, "(?<=[a-z0-9])([A-Z])", "_$1").ToLowerInvariant();

    /// <summary>The text between the braces of <c>message Name { ... }</c> (or <c>enum</c>); the file nests none.</summary>
    private static string Block(string proto, string kind, string name)
    {
        var match = Regex.Match(proto, $@"^{kind} {name} \{{(?<body>[^}}]*)\}}", RegexOptions.Multiline);
        Assert.True(match.Success, $"GameContent.proto has no {kind} {name}");
        return match.Groups["body"].Value;
    }

    private static string ProtoFilePath()
    {
        for (var directory = new DirectoryInfo(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            string path = Path.Combine(directory.FullName, "Engine.Serialization", "Formats", "Protobuf", "GameContent.proto");
            if (File.Exists(path))
            {
                return path;
            }
        }

        throw new FileNotFoundException("GameContent.proto not found above " + AppContext.BaseDirectory);
    }
}
