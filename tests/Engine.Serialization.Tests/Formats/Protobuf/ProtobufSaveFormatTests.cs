using System.Buffers;
using System.Collections;
using System.Reflection;
using System.Text.RegularExpressions;
using Engine.Core.Model;
using Engine.Testing;
using ProtoBuf;

namespace Engine.Serialization.Tests.Formats.Protobuf;

/// <summary>
/// The protobuf codec of GameContent, held to the checked-in .proto (read here with a parser of the test's own, not the
/// generator's) and to the field numbers saves have always used.
/// </summary>
public sealed class ProtobufSaveFormatTests
{
    private static readonly ISaveFormat<GameContent> Protobuf = SaveFormats.Get<GameContent>(SaveFormat.Protobuf);

    private static readonly Dictionary<string, Dictionary<string, ProtoField>> Messages = ReadProto(File.ReadAllText(ProtoFilePath()));

    [Theory]
    [InlineData(ContentSize.Small)]
    [InlineData(ContentSize.Medium)]
    public void Write_ThenRead_GivesEqualContent(ContentSize size)
    {
        var content = ContentGenerator.Create(size);

        GraphAssert.Equal(content, Protobuf.Read(Write(content)));
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

        var loaded = Protobuf.Read(Write(content));

        // The model's members with non-zero defaults.
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
        GraphAssert.Equal(new GameContent(), Protobuf.Read(ReadOnlyMemory<byte>.Empty));
    }

    [Fact]
    public void Read_MessagesWithNoFields_KeepTheModelsDefaults()
    {
        // One empty message per list element, nested messages left out unless they hold a list:
        // every member of every model type is absent, as in a save from before it existed.
        byte[] payload = EmptyMessages(typeof(GameContent));

        GraphAssert.Equal(OneOfEach(), Protobuf.Read(payload));
    }

    [Fact]
    public void EveryModelMember_IsAFieldOfTheCheckedInProto_WithANumberOfItsOwn()
    {
        var modelTypes = ModelTypes.ReachableFrom(typeof(GameContent))
            .Where(t => t.Assembly == typeof(GameContent).Assembly && !t.IsEnum)
            .ToList();
        Assert.Contains(typeof(Engine.Core.Math.Color), modelTypes);

        Assert.All(modelTypes, type =>
        {
            Assert.True(Messages.TryGetValue(type.Name, out var fields), $"the .proto has no message {type.Name}");
            var members = ModelMembers(type).Select(m => SnakeCase(m.Name)).Order(StringComparer.Ordinal);
            Assert.Equal(members, fields.Keys.Order(StringComparer.Ordinal));
            Assert.Equal(fields.Count, fields.Values.Select(f => f.Number).Distinct().Count());
        });
    }

    [Fact]
    public void TheProtoFile_KeepsTheFieldNumbersSavesHaveAlwaysUsed()
    {
        // From the hand-written GameContent.proto that protobuf saves were written with before the codec was generated.
        Assert.Equal(3, Messages["GameContent"]["title"].Number);
        Assert.Equal(4, Messages["GameContent"]["rooms"].Number);
        Assert.Equal(15, Messages["GameContent"]["play_time_seconds"].Number);
        Assert.Equal(12, Messages["Room"]["walk_grid"].Number);
        Assert.Equal(("repeated", "float", 3, true), (Messages["HeightGrid"]["cells"].Label, Messages["HeightGrid"]["cells"].Type, Messages["HeightGrid"]["cells"].Number, Messages["HeightGrid"]["cells"].Packed));
        Assert.Equal(("fixed64", 4), (Messages["RandomState"]["s3"].Type, Messages["RandomState"]["s3"].Number));
        Assert.Equal(("uint32", 4), (Messages["Color"]["a"].Type, Messages["Color"]["a"].Number));
        Assert.Equal(10, Messages["Character"]["walk_path"].Number);
        Assert.Equal("default = \"idle\"", Messages["AnimationState"]["name"].Options);
    }

    [Fact]
    public void TheProtoFile_NamesEveryEnumValue()
    {
        string proto = File.ReadAllText(ProtoFilePath());
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

        Assert.Throws<SaveEncodingException>(() => Protobuf.Write(new ArrayBufferWriter<byte>(), content));
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
        Assert.Throws<SaveCorruptedException>(() => Protobuf.Read(Convert.FromHexString(hex.Replace(" ", "", StringComparison.Ordinal))));
    }

    [Fact]
    public void Read_TruncatedPayload_ThrowsSaveCorrupted()
    {
        byte[] payload = Write(ContentGenerator.Create(ContentSize.Small));

        Assert.Throws<SaveCorruptedException>(() => Protobuf.Read(payload.AsMemory(0, payload.Length / 2)));
        Assert.Throws<SaveCorruptedException>(() => Protobuf.Read(payload.AsMemory(0, payload.Length - 1)));

        // A cut between two top-level fields leaves a valid, shorter message that protobuf can't tell
        // from a whole one (the container's checksum catches that); any other cut must be refused.
        for (int length = 1; length < payload.Length; length += 3)
        {
            ReadsOrIsRefused(payload.AsMemory(0, length));
        }
    }

    [Fact]
    public void Read_BitFlippedPayload_LoadsOrIsRefused()
    {
        byte[] payload = Write(ContentGenerator.Create(ContentSize.Small));
        var random = new Random(20261122);

        for (int i = 0; i < 2000; i++)
        {
            byte[] damaged = (byte[])payload.Clone();
            damaged[random.Next(damaged.Length)] ^= (byte)(1 << random.Next(8));
            ReadsOrIsRefused(damaged);
        }
    }

    [Fact]
    public void Read_RandomBytes_LoadOrAreRefused()
    {
        var random = new Random(20261122);

        for (int i = 0; i < 5000; i++)
        {
            byte[] bytes = new byte[random.Next(1, 256)];
            random.NextBytes(bytes);
            ReadsOrIsRefused(bytes);
        }
    }

    private static byte[] Write(GameContent content)
    {
        var buffer = new ArrayBufferWriter<byte>();
        Protobuf.Write(buffer, content);
        return buffer.WrittenSpan.ToArray();
    }

    private static void ReadsOrIsRefused(ReadOnlyMemory<byte> payload)
    {
        try
        {
            Protobuf.Read(payload);
        }
        catch (SaveCorruptedException)
        {
        }
        catch (UnsupportedSaveVersionException e) when (e.Message.Contains("the save may come from a newer release of the game", StringComparison.Ordinal))
        {
            // A damaged varint that reads as a value its enum lacks, or as a number past its member's type, looks like a
            // newer game's value (a save's checksum keeps such damage out of a load).
        }
    }

    /// <summary>What GameContent's types save: their public read/write properties and public fields.</summary>
    private static IEnumerable<MemberInfo> ModelMembers(Type type) =>
        type.GetProperties(BindingFlags.Public | BindingFlags.Instance).Where(p => p.SetMethod is { IsPublic: true }).Cast<MemberInfo>()
            .Concat(type.GetFields(BindingFlags.Public | BindingFlags.Instance));

    private static bool IsModelClass(Type type) => type.IsClass && type.Assembly == typeof(GameContent).Assembly;

    private static Type? ModelListElement(Type type) =>
        type.IsGenericType && type.GetGenericTypeDefinition() is var list && (list == typeof(List<>) || list == typeof(TrackedList<>)) && IsModelClass(type.GetGenericArguments()[0])
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
        foreach (var member in ModelMembers(modelType))
        {
            var type = member is PropertyInfo property ? property.PropertyType : ((FieldInfo)member).FieldType;
            bool isList = ModelListElement(type) is not null;
            if (!isList && !IsModelClass(type))
            {
                continue;
            }

            byte[] message = EmptyMessages(ModelListElement(type) ?? type);
            if (isList || message.Length > 0)
            {
                output.AddRange(Varint((Messages[modelType.Name][SnakeCase(member.Name)].Number << 3) | 2));
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

    private static string ProtoFilePath() => Path.Combine(Repository.Root, "Engine.Core", "Schemas", "Engine.Core.Model.GameContent.proto");

    /// <summary>The messages of a .proto file and their fields, by name: enough of the language for the files the generator writes.</summary>
    private static Dictionary<string, Dictionary<string, ProtoField>> ReadProto(string proto)
    {
        var messages = new Dictionary<string, Dictionary<string, ProtoField>>();
        foreach (Match message in Regex.Matches(proto, @"^message (?<name>\w+) \{(?<body>[^}]*)\}", RegexOptions.Multiline))
        {
            var fields = new Dictionary<string, ProtoField>();
            foreach (Match field in Regex.Matches(message.Groups["body"].Value, @"^\s*(?<label>optional|repeated) (?<type>[\w.]+) (?<name>\w+) = (?<number>\d+)(?: \[(?<options>[^\]]*)\])?;", RegexOptions.Multiline))
            {
                string options = field.Groups["options"].Value;
                fields.Add(field.Groups["name"].Value, new ProtoField(field.Groups["label"].Value, field.Groups["type"].Value, int.Parse(field.Groups["number"].Value, null),
                    options.Contains("packed = true", StringComparison.Ordinal), options.Replace(", packed = true", "", StringComparison.Ordinal)));
            }

            messages.Add(message.Groups["name"].Value, fields);
        }

        return messages;
    }

    private sealed record ProtoField(string Label, string Type, int Number, bool Packed, string Options);
}
