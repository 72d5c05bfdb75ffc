using System.Numerics;
using Engine.Serialization.Errors;
using Engine.Testing;
using MessagePack;
using MessagePack.Formatters;
using MessagePack.Resolvers;

namespace Engine.Serialization.Generator.Tests;

/// <summary>
/// Each kind of member, held to MessagePack-CSharp's own standard resolvers (its dynamic resolver for the
/// [MessagePackObject] types, its built-in formatters for the rest): the generated code writes the same bytes, reads
/// what they write into an equal graph (the reflection-based oracle, not the generator, decides), and reads its own.
/// </summary>
public sealed class CompatibilityTests
{
    /// <summary>MessagePack's standard resolvers, with the one formatter registered by [assembly: MessagePackKnownFormatter].</summary>
    private static readonly MessagePackSerializerOptions MessagePacksOwn = MessagePackSerializerOptions.Standard.WithResolver(
        CompositeResolver.Create([ForeignPointFormatter.Instance], [StandardResolver.Instance]));

    [Fact]
    public void Dictionaries_MatchMessagePack() => AssertCompatible(KindSamples.Dictionaries(), KindsResolver.Write, KindsResolver.Read);

    [Fact]
    public void Sequences_MatchMessagePack() => AssertCompatible(KindSamples.Sequences(), KindsResolver.Write, KindsResolver.Read);

    [Fact]
    public void Grids_MatchMessagePack() => AssertCompatible(KindSamples.Grids(), KindsResolver.Write, KindsResolver.Read);

    [Fact]
    public void PairsAndTuples_MatchMessagePack() => AssertCompatible(KindSamples.Pairs(), KindsResolver.Write, KindsResolver.Read);

    [Fact]
    public void Scalars_MatchMessagePack() => AssertCompatible(KindSamples.Scalars(), KindsResolver.Write, KindsResolver.Read);

    [Fact]
    public void MathTypes_MatchMessagePack() => AssertCompatible(KindSamples.MathTypes(), KindsResolver.Write, KindsResolver.Read);

    [Fact]
    public void Plane_IsWrittenAsItsNormalThenItsDistance_LikeVector4()
    {
        var plane = new WithPlane { Floor = new Plane(0, 1, 0, -2.5f) };

        byte[] bytes = Serializer.WriteDirect(plane, KindsResolver.Write);

        var expected = Serializer.Handwritten((ref MessagePackWriter writer) =>
        {
            writer.WriteMapHeader(1);
            writer.Write("Floor");
            MessagePackSerializer.Serialize(ref writer, new Vector4(0, 1, 0, -2.5f), MessagePackSerializerOptions.Standard);
        });
        Assert.Equal(expected, bytes);
        GraphAssert.Equal(plane, Serializer.ReadDirect(bytes, (ref MessagePackReader r, out WithPlane v) => KindsResolver.Read(ref r, out v)));
    }

    [Fact]
    public void Immutables_MatchMessagePack()
    {
        AssertCompatible(KindSamples.Hero(), KindsResolver.Write, KindsResolver.Read);
        AssertCompatible(KindSamples.InitOnly(), KindsResolver.Write, KindsResolver.Read);
        AssertCompatible(KindSamples.GetOnly(), KindsResolver.Write, KindsResolver.Read);
        AssertCompatible(KindSamples.ReadonlyFields(), KindsResolver.Write, KindsResolver.Read);
        AssertCompatible(KindSamples.Marked(), KindsResolver.Write, KindsResolver.Read);
        AssertCompatible(KindSamples.ImmutablePoint(), KindsResolver.Write, KindsResolver.Read);
        AssertCompatible(KindSamples.WithRequired(), KindsResolver.Write, KindsResolver.Read);
    }

    [Fact]
    public void InitOnlyMembersAbsentFromTheSave_KeepTheirInitializers_AsMessagePacksResolverDoes()
    {
        var bytes = Serializer.Handwritten((ref MessagePackWriter writer) =>
        {
            writer.WriteMapHeader(1);
            writer.Write("Level");
            writer.Write(2);
        });

        var read = Serializer.ReadDirect(bytes, (ref MessagePackReader r, out InitOnly v) => KindsResolver.Read(ref r, out v));

        Assert.Equal("unnamed", read.Name);
        Assert.Equal(2, read.Level);
        GraphAssert.Equal(MessagePackSerializer.Deserialize<InitOnly>(bytes, MessagePacksOwn), read);
    }

    [Fact]
    public void PrivateAndInternalMembers_WithAllowPrivate_MatchMessagePack()
    {
        var read = AssertCompatible(KindSamples.Vault(), KindsResolver.Write, KindsResolver.Read);

        Assert.Equal(250, read.Gold);
        Assert.Equal("1234", read.Code);
    }

    [Fact]
    public void Unions_OnAbstractClassesAndInterfaces_MatchMessagePack() => AssertCompatible(KindSamples.Zoo(), KindsResolver.Write, KindsResolver.Read);

    [Fact]
    public void Callbacks_RunBeforeWritingAndAfterReading_AsWithMessagePack()
    {
        var ours = new WithCallbacks { Value = 3 };
        var theirs = new WithCallbacks { Value = 3 };

        byte[] bytes = Serializer.WriteDirect(ours, KindsResolver.Write);

        Assert.Equal(MessagePackSerializer.Serialize(theirs, MessagePacksOwn), bytes);
        Assert.Equal("value 3", ours.Written);
        var read = Serializer.ReadDirect(bytes, (ref MessagePackReader r, out WithCallbacks v) => KindsResolver.Read(ref r, out v));
        Assert.True(read.Restored);
        Assert.Equal("value 3", read.Written);
    }

    [Fact]
    public void CustomFormatters_EnumsByName_AndKnownFormatters_MatchMessagePack() => AssertCompatible(KindSamples.Formatted(), KindsResolver.Write, KindsResolver.Read);

    [Theory]
    [InlineData(Mood.Angry, "angry!")]
    [InlineData(Mood.Sleepy, "Sleepy")]
    [InlineData((Mood)12, "12")]
    public void EnumByName_WritesTheEnumMemberValue_OrTheName_OrTheNumber(Mood mood, string written)
    {
        byte[] bytes = Serializer.WriteDirect(new Formatted { Mood = mood }, KindsResolver.Write);

        Assert.Contains(written, MessagePackSerializer.ConvertToJson(bytes), StringComparison.Ordinal);
        Assert.Equal(mood, Serializer.ReadDirect(bytes, (ref MessagePackReader r, out Formatted v) => KindsResolver.Read(ref r, out v)).Mood);
    }

    [Fact]
    public void EnumsAsStrings_ValueTheEnumDoesNotDeclare_IsRefusedAtSave()
    {
        var error = Assert.Throws<SaveEncodingException>(() => SaveSerializer.Save(new NamedEnums { Sides = [(Faction)7] }));
        var flags = Assert.Throws<SaveEncodingException>(() => SaveSerializer.Save(new NamedEnums { Powers = Powers.Fly | (Powers)16 }));

        Assert.Contains("holds 7 as a Engine.Serialization.Generator.Tests.Faction", error.Message, StringComparison.Ordinal);
        Assert.Contains("holds 17 as a Engine.Serialization.Generator.Tests.Powers", flags.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("Gold")]
    [InlineData("7")]
    public void EnumsAsStrings_NameOrNumberTheEnumDoesNotDeclare_IsRefusedAtLoad(string written)
    {
        // "Blue" and its replacement have one length, so the payload's framing holds; the checksums are rewritten.
        byte[] save = SaveSerializer.Save(new NamedEnums { Sides = [Faction.Blue] }, options: new SaveOptions { Compression = Compression.SaveCompression.None });
        byte[] edited = SaveBytes.ReplaceInPayload(save, "Blue"u8, System.Text.Encoding.ASCII.GetBytes(written.PadRight(4, ' ')));

        var error = Assert.Throws<UnsupportedSaveVersionException>(() => SaveSerializer.Load<NamedEnums>(edited));

        Assert.Contains("as a Engine.Serialization.Generator.Tests.Faction, which is none of the values", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void EnumsAsStrings_WritesEveryEnumOfTheModelByName_AsEnumAsStringFormatterDoes()
    {
        var value = new NamedEnums { Mood = Mood.Angry, Powers = Powers.Fly | Powers.Swim, Sides = [Faction.Red, Faction.None], BySide = { [Faction.Blue] = 2 } };
        var byName = MessagePackSerializerOptions.Standard.WithResolver(CompositeResolver.Create(
            [new EnumAsStringFormatter<Mood>(), new EnumAsStringFormatter<Powers>(), new EnumAsStringFormatter<Faction>()], [StandardResolver.Instance]));

        byte[] bytes = SaveSerializer.Save(value);
        var (_, payload) = SaveSerializer.ReadPayload<NamedEnums>(bytes);

        Assert.Equal(MessagePackSerializer.Serialize(value, byName), payload.ToArray());
        Assert.Contains("\"Fly, Swim\"", MessagePackSerializer.ConvertToJson(payload), StringComparison.Ordinal);
        GraphAssert.Equal(value, SaveSerializer.Load<NamedEnums>(bytes));
    }

    [Theory]
    [InlineData("Angry", Mood.Angry)]
    [InlineData("1", Mood.Angry)]
    [InlineData("Calm", Mood.Calm)]
    public void EnumByName_ReadsTheCSharpNamesAndNumbersMessagePackAccepts(string name, Mood expected)
    {
        var bytes = Serializer.Handwritten((ref MessagePackWriter writer) =>
        {
            writer.WriteMapHeader(1);
            writer.Write("Mood");
            writer.Write(name);
        });

        var read = Serializer.ReadDirect(bytes, (ref MessagePackReader r, out Formatted v) => KindsResolver.Read(ref r, out v));

        Assert.Equal(expected, read.Mood);
        Assert.Equal(expected, MessagePackSerializer.Deserialize<Formatted>(bytes, MessagePacksOwn).Mood);
    }

    [Fact]
    public void ExplicitKeys_ComputedMembersAreWrittenNotRead_MatchMessagePack()
    {
        var read = AssertCompatible(KindSamples.Explicit(), KindsResolver.Write, KindsResolver.Read);

        Assert.Equal(8, read.Twice);
    }

    [Fact]
    public void EmptyTypes_AreAnEmptyArrayWithExplicitKeys_AndAnEmptyMapWithNames_AsInMessagePack()
    {
        AssertCompatible(new ExplicitEmpty(), KindsResolver.Write, KindsResolver.Read);
        AssertCompatible(new MapEmpty(), KindsResolver.Write, KindsResolver.Read);

        Assert.Equal([0x90], Serializer.WriteDirect(new ExplicitEmpty(), KindsResolver.Write));
        Assert.Equal([0x80], Serializer.WriteDirect(new MapEmpty(), KindsResolver.Write));
    }

    [Fact]
    public void Inheritance_BaseMembersFirst_PropertiesBeforeFields_OverridesOnce_MatchMessagePack() =>
        AssertCompatible(KindSamples.Wolf(), KindsResolver.Write, KindsResolver.Read);

    [Fact]
    public void DataMemberOrder_MovesThoseMembersFirst_AsMessagePacksResolverDoes() =>
        AssertCompatible(KindSamples.Ordered(), KindsResolver.Write, KindsResolver.Read);

    [Fact]
    public void Dictionaries_OfIntegerKeys_AreReadWithCollisionResistantHashing_StringKeysWithTheDefault()
    {
        byte[] bytes = Serializer.WriteDirect(new Dictionaries { ById = new() { [1] = new Item() }, ByName = new() { ["a"] = 1 } }, KindsResolver.Write);

        var read = Serializer.ReadDirect(bytes, (ref MessagePackReader r, out Dictionaries v) => KindsResolver.Read(ref r, out v));

        Assert.NotSame(EqualityComparer<int>.Default, read.ById.Comparer);
        Assert.Same(MessagePackSecurity.UntrustedData.GetEqualityComparer<int>().GetType(), read.ById.Comparer.GetType());
        Assert.Same(EqualityComparer<string>.Default, read.ByName.Comparer);
    }

    [Fact]
    public void Dictionary_WithAKeyTwice_IsRefused()
    {
        var bytes = Serializer.Handwritten((ref MessagePackWriter writer) =>
        {
            writer.WriteMapHeader(1);
            writer.Write("ByName");
            writer.WriteMapHeader(2);
            writer.Write("a");
            writer.Write(1);
            writer.Write("a");
            writer.Write(2);
        });

        var error = Assert.Throws<MessagePackSerializationException>(() => Serializer.ReadDirect(bytes, (ref MessagePackReader r, out Dictionaries v) => KindsResolver.Read(ref r, out v)));
        Assert.Contains("twice", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Union_WithAKeyThisBuildDoesNotKnow_IsRefusedAsANewerGamesSave()
    {
        var bytes = Serializer.Handwritten((ref MessagePackWriter writer) =>
        {
            writer.WriteMapHeader(1);
            writer.Write("Pet");
            writer.WriteArrayHeader(2);
            writer.Write(9);
            writer.WriteMapHeader(0);
        });

        // The reader signals it; the load names the member and says to update the game (NewerValueTests).
        var error = Assert.Throws<Engine.Serialization.Internal.NewerValueException>(() => Serializer.ReadDirect(bytes, (ref MessagePackReader r, out Zoo v) => KindsResolver.Read(ref r, out v)));
        Assert.Contains("union key 9", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Union_ValueOfATypeThatIsNoCase_IsRefusedAtSave()
    {
        var error = Assert.Throws<SaveEncodingException>(() => Serializer.WriteDirect(new Zoo { Pet = new Parrot() }, KindsResolver.Write));

        Assert.Contains("Parrot", error.Message, StringComparison.Ordinal);
    }

    /// <summary>
    /// The value as both write it must be the same bytes; the generated reader must read MessagePack's bytes (and its
    /// own) into a graph equal to the value. Returns what the generated reader read.
    /// </summary>
    private static T AssertCompatible<T>(T value, DirectWrite<T> write, DirectRead<T> read)
    {
        byte[] theirs = MessagePackSerializer.Serialize(value, MessagePacksOwn);
        byte[] ours = Serializer.WriteDirect(value, write);

        Assert.Equal(theirs, ours);
        var fromTheirs = Serializer.ReadDirect(theirs, read);
        GraphAssert.Equal(value, fromTheirs);
        GraphAssert.Equal(MessagePackSerializer.Deserialize<T>(ours, MessagePacksOwn), Serializer.ReadDirect(ours, read));
        return fromTheirs;
    }

    private sealed class Parrot : IPet
    {
    }
}
