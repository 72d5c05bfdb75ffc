using System.Text.RegularExpressions;
using System.Xml;
using Engine.Serialization.Container;
using Engine.Serialization.Models;
using Engine.Serialization.Tests.Fixtures;
using Engine.Testing;

namespace Engine.Serialization.Tests.Versioning.Widening;

/// <summary>
/// docs/GUIDE.md, When the model changes: the changes of a member's type that need nothing. A save of the release before
/// the change loads into the changed members with every value, in every format and compression; a narrowed member is
/// refused where its value doesn't fit, never truncated.
/// </summary>
public sealed class WideningTests
{
    [Theory]
    [MemberData(nameof(SaveCases.EveryFormat), MemberType = typeof(SaveCases))]
    public void WholeNumberWidened_LoadsEveryValueOfTheNarrowerType(SaveFormat format, SaveCompression compression)
    {
        foreach (var edge in new[] { false, true })
        {
            var release1 = new StockpileV1
            {
                SByteToInt = edge ? sbyte.MinValue : sbyte.MaxValue,
                SByteToLong = edge ? sbyte.MinValue : (sbyte)-1,
                ShortToInt = edge ? short.MinValue : short.MaxValue,
                ShortToLong = edge ? short.MinValue : short.MaxValue,
                IntToLong = edge ? int.MinValue : int.MaxValue,
                ByteToShort = edge ? byte.MaxValue : (byte)1,
                ByteToULong = edge ? byte.MaxValue : (byte)7,
                UShortToInt = edge ? ushort.MaxValue : (ushort)300,
                UShortToUInt = edge ? ushort.MaxValue : (ushort)1,
                UIntToLong = edge ? uint.MaxValue : 70_000u,
                UIntToULong = edge ? uint.MaxValue : 1u,
            };

            var loaded = Load(release1, format, compression);

            GraphAssert.Equal(Widened(release1, format), loaded);
        }
    }

    [Theory]
    [MemberData(nameof(SaveCases.EveryFormat), MemberType = typeof(SaveCases))]
    public void FloatWidenedToDouble_LoadsEveryFloat(SaveFormat format, SaveCompression compression)
    {
        foreach (var value in new[] { 0.1f, -0f, float.MaxValue, float.MinValue, float.Epsilon, 1e-40f, float.NaN, float.PositiveInfinity, float.NegativeInfinity })
        {
            var release1 = new StockpileV1 { FloatToDouble = value };

            var loaded = Load(release1, format, compression);

            Assert.Equal(BitConverter.SingleToInt32Bits(value), BitConverter.SingleToInt32Bits((float)loaded.FloatToDouble));
            GraphAssert.Equal(Widened(release1, format), loaded);
        }
    }

    [Theory]
    [MemberData(nameof(SaveCases.EveryFormat), MemberType = typeof(SaveCases))]
    public void ValueMadeNullable_LoadsTheValue(SaveFormat format, SaveCompression compression)
    {
        var at = new DateTime(2026, 3, 4, 5, 6, 7, DateTimeKind.Utc);
        foreach (var zero in new[] { false, true })
        {
            var release1 = zero
                ? new StockpileV1()
                : new StockpileV1
                {
                    IntToNullable = -5,
                    DoubleToNullable = 2.5,
                    EnumToNullable = Grade.High,
                    TimeToNullable = at,
                    StructToNullable = new Spot { X = 3, Y = -4 },
                    StringToNullable = "north",
                    ObjectToNullable = new Tag { Name = "flour" },
                };

            var loaded = Load(release1, format, compression);

            GraphAssert.Equal(Widened(release1, format), loaded);
        }
    }

    [Theory]
    [MemberData(nameof(SaveCases.EveryFormat), MemberType = typeof(SaveCases))]
    public void ArrayMadeAList_AndListMadeAnArray_LoadEveryItem(SaveFormat format, SaveCompression compression)
    {
        foreach (var empty in new[] { false, true })
        {
            var release1 = empty
                ? new StockpileV1()
                : new StockpileV1
                {
                    ArrayToList = [3, -1, int.MaxValue],
                    ListToArray = ["a", "", "c"],
                    FloatArrayToList = [0.5f, float.NaN, -2f],
                    ObjectListToArray = [new Tag { Name = "salt" }, new Tag { Name = "oil" }],
                    ListToReadOnlyList = [8, 9],
                    ArrayToCollection = [new Tag { Name = "rope" }],
                    ListToHashSet = ["x", "y"],
                    ArrayToQueue = [1, 2, 3],
                    ListToStack = [4, 5, 6],
                    ArrayToSortedSet = ["b", "a"],
                    ListToLinkedList = [new Tag { Name = "net" }, new Tag { Name = "hook" }],
                };

            var loaded = Load(release1, format, compression);

            GraphAssert.Equal(Widened(release1, format), loaded);
        }
    }

    [Theory]
    [MemberData(nameof(SaveCases.EveryFormat), MemberType = typeof(SaveCases))]
    public void EnumGivenMoreMembers_LoadsTheValuesItHad(SaveFormat format, SaveCompression compression)
    {
        var release1 = new StockpileV1 { Grade = GradeV1.High, Grades = [GradeV1.Low, GradeV1.High] };

        var loaded = Load(release1, format, compression);

        GraphAssert.Equal(Widened(release1, format), loaded);
    }

    [Theory]
    [MemberData(nameof(SaveCases.EveryFormat), MemberType = typeof(SaveCases))]
    public void ClassGivenABaseClass_LoadsEveryMemberWhereverItIsDeclared(SaveFormat format, SaveCompression compression)
    {
        var release1 = new StockpileV1 { Crate = new CrateV1 { Label = "nails", Weight = 12 } };

        var loaded = Load(release1, format, compression);

        GraphAssert.Equal(Widened(release1, format), loaded);
    }

    [Theory]
    [MemberData(nameof(SaveCases.EveryFormat), MemberType = typeof(SaveCases))]
    public void UnionGivenACase_LoadsTheCasesItHad(SaveFormat format, SaveCompression compression)
    {
        var release1 = new StockpileV1 { Supplies = [new ToolV1 { Name = "saw" }, new ToolV1 { Name = "axe" }] };

        var loaded = Load(release1, format, compression);

        GraphAssert.Equal(Widened(release1, format), loaded);
    }

    // Narrowing needs a migration: without one, a value the narrower type can't hold is refused, never truncated.
    [Theory]
    [MemberData(nameof(SaveCases.EveryFormat), MemberType = typeof(SaveCases))]
    public void WholeNumberNarrowed_ValueItCantHold_IsRefusedNotTruncated(SaveFormat format, SaveCompression compression)
    {
        var error = Assert.ThrowsAny<SaveException>(() => Load(new StockpileV1 { LongToInt = 3_000_000_000 }, format, compression));

        Assert.Contains("at LongToInt", error.Message, StringComparison.Ordinal);
    }

    // The GUIDE's table of changes names, for each row, the test that proves it: each named test is a test method of a
    // class of that name under tests/, so a renamed or removed test can't leave a row proven by nothing.
    [Fact]
    public void GuidesTableOfChanges_NamesTestsThatExist()
    {
        string guide = File.ReadAllText(Path.Combine(Repository.Root, "docs", "GUIDE.md"));
        string table = guide[guide.IndexOf("| Change | What it needs | The test that proves it |", StringComparison.Ordinal)..];
        table = table[..table.IndexOf("\n\n", StringComparison.Ordinal)];
        var named = Regex.Matches(table, @"`(\w+Tests)\.(\w+)`").Select(m => (Class: m.Groups[1].Value, Method: m.Groups[2].Value)).ToList();
        var sources = Directory.EnumerateFiles(Path.Combine(Repository.Root, "tests"), "*Tests.cs", SearchOption.AllDirectories)
            .Where(f => !f.Contains($"{Path.DirectorySeparatorChar}obj{Path.DirectorySeparatorChar}", StringComparison.Ordinal))
            .ToLookup(Path.GetFileNameWithoutExtension);

        Assert.True(named.Count >= 15, $"{named.Count} tests named");
        Assert.All(named, test => Assert.True(
            sources[test.Class].Any(f => Regex.IsMatch(File.ReadAllText(f), $@"\[(Fact|Theory)[^\n]*\][\s\S]{{0,4000}}?public (async Task|void) {test.Method}\(")),
            $"{test.Class}.{test.Method} is not a test in tests/"));
    }

    /// <summary>Release 1's game as release 2 holds it: every value, widened.</summary>
    private static Stockpile Widened(StockpileV1 game, SaveFormat format) => new()
    {
        SByteToInt = game.SByteToInt,
        SByteToLong = game.SByteToLong,
        ShortToInt = game.ShortToInt,
        ShortToLong = game.ShortToLong,
        IntToLong = game.IntToLong,
        ByteToShort = game.ByteToShort,
        ByteToULong = game.ByteToULong,
        UShortToInt = game.UShortToInt,
        UShortToUInt = game.UShortToUInt,
        UIntToLong = game.UIntToLong,
        UIntToULong = game.UIntToULong,
        FloatToDouble = format == SaveFormat.Xml ? XmlConvert.ToDouble(XmlConvert.ToString(game.FloatToDouble)) : game.FloatToDouble,
        IntToNullable = Nullable(game.IntToNullable, format),
        DoubleToNullable = Nullable(game.DoubleToNullable, format),
        EnumToNullable = Nullable(game.EnumToNullable, format),
        TimeToNullable = Nullable(game.TimeToNullable, format),
        StructToNullable = game.StructToNullable,
        StringToNullable = game.StringToNullable,
        ObjectToNullable = new Tag { Name = game.ObjectToNullable.Name },
        ArrayToList = [.. game.ArrayToList],
        ListToArray = [.. game.ListToArray],
        FloatArrayToList = [.. game.FloatArrayToList],
        ObjectListToArray = [.. game.ObjectListToArray.Select(t => new Tag { Name = t.Name })],
        ListToReadOnlyList = game.ListToReadOnlyList.ToArray(),
        ArrayToCollection = [.. game.ArrayToCollection.Select(t => new Tag { Name = t.Name })],
        ListToHashSet = [.. game.ListToHashSet],
        ArrayToQueue = new Queue<int>(game.ArrayToQueue),

        // A stack is saved top first: the list's first item is the top.
        ListToStack = new Stack<int>(Enumerable.Reverse(game.ListToStack)),
        ArrayToSortedSet = [.. game.ArrayToSortedSet],
        ListToLinkedList = new LinkedList<Tag>(game.ListToLinkedList.Select(t => new Tag { Name = t.Name })),
        Grade = (Grade)game.Grade,
        Grades = [.. game.Grades.Select(g => (Grade)g)],
        Crate = new Crate { Label = game.Crate.Label, Weight = game.Crate.Weight },
        Supplies = [.. game.Supplies.Select(s => new Tool { Name = ((ToolV1)s).Name })],
        LongToInt = checked((int)game.LongToInt),
    };

    /// <summary>
    /// A value type's value in a member made nullable: the value, except in protobuf, which leaves a member holding its
    /// default out of the save, so that the nullable member reads no value there: null.
    /// </summary>
    private static T? Nullable<T>(T value, SaveFormat format)
        where T : struct =>
        format == SaveFormat.Protobuf && EqualityComparer<T>.Default.Equals(value, default) ? null : value;

    /// <summary>Release 1's save of <paramref name="release1"/>, as the game's release 1 wrote it, loaded by release 2.</summary>
    private static Stockpile Load(StockpileV1 release1, SaveFormat format, SaveCompression compression)
    {
        var options = new SaveOptions { Format = format, Compression = compression };
        byte[] payload = SaveSerializer.ReadPayload(SaveSerializer.Save(release1, options: options)).Payload.ToArray();
        byte[] file = Fuzzing.SaveFiles.Frame(format, compression, payload, new SaveMetadata { Title = "stockpile", ModelId = SaveModels.IdOf<Stockpile>() });
        return SaveSerializer.Load<Stockpile>(file);
    }
}
