using MessagePack;

namespace Engine.Serialization.Tests.Versioning.Widening;

// A stockpile game at two releases. (One assembly can't hold two models of one Id: WideningTests gives release 1's
// saves release 2's Id, as the same game's earlier build would have written them.) Release 2 makes, to members of one
// name, each change docs/GUIDE.md says needs nothing: a wider number, T to T?, an array to a list and back, an enum with
// more members, a class with a base class, a union with another case. One member narrows (long to int): that one needs a migration.

/// <summary>Release 1.</summary>
[SaveModel(Id = "tests.widened-stockpile.release1")]
[MessagePackObject(keyAsPropertyName: true)]
public sealed class StockpileV1
{
    public sbyte SByteToInt { get; set; }

    public sbyte SByteToLong { get; set; }

    public short ShortToInt { get; set; }

    public short ShortToLong { get; set; }

    public int IntToLong { get; set; }

    public byte ByteToShort { get; set; }

    public byte ByteToULong { get; set; }

    public ushort UShortToInt { get; set; }

    public ushort UShortToUInt { get; set; }

    public uint UIntToLong { get; set; }

    public uint UIntToULong { get; set; }

    public float FloatToDouble { get; set; }

    public int IntToNullable { get; set; }

    public double DoubleToNullable { get; set; }

    public Grade EnumToNullable { get; set; }

    public DateTime TimeToNullable { get; set; }

    public Spot StructToNullable { get; set; }

    public string StringToNullable { get; set; } = "";

    public Tag ObjectToNullable { get; set; } = new();

    public int[] ArrayToList { get; set; } = [];

    public List<string> ListToArray { get; set; } = [];

    public float[] FloatArrayToList { get; set; } = [];

    public List<Tag> ObjectListToArray { get; set; } = [];

    public List<int> ListToReadOnlyList { get; set; } = [];

    public Tag[] ArrayToCollection { get; set; } = [];

    public List<string> ListToHashSet { get; set; } = [];

    public int[] ArrayToQueue { get; set; } = [];

    public List<int> ListToStack { get; set; } = [];

    public string[] ArrayToSortedSet { get; set; } = [];

    public List<Tag> ListToLinkedList { get; set; } = [];

    public GradeV1 Grade { get; set; }

    public List<GradeV1> Grades { get; set; } = [];

    public CrateV1 Crate { get; set; } = new();

    public List<SupplyV1> Supplies { get; set; } = [];

    public long LongToInt { get; set; }
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class CrateV1
{
    public string Label { get; set; } = "";

    public int Weight { get; set; }
}

[Union(0, typeof(ToolV1))]
public abstract class SupplyV1
{
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class ToolV1 : SupplyV1
{
    public string Name { get; set; } = "";
}

public enum GradeV1
{
    Low,
    High,
}

/// <summary>Release 2: the same members, each widened.</summary>
[SaveModel(Id = "tests.widened-stockpile")]
[MessagePackObject(keyAsPropertyName: true)]
public sealed class Stockpile
{
    public int SByteToInt { get; set; }

    public long SByteToLong { get; set; }

    public int ShortToInt { get; set; }

    public long ShortToLong { get; set; }

    public long IntToLong { get; set; }

    public short ByteToShort { get; set; }

    public ulong ByteToULong { get; set; }

    public int UShortToInt { get; set; }

    public uint UShortToUInt { get; set; }

    public long UIntToLong { get; set; }

    public ulong UIntToULong { get; set; }

    public double FloatToDouble { get; set; }

    public int? IntToNullable { get; set; }

    public double? DoubleToNullable { get; set; }

    public Grade? EnumToNullable { get; set; }

    public DateTime? TimeToNullable { get; set; }

    public Spot? StructToNullable { get; set; }

    public string? StringToNullable { get; set; } = "";

    public Tag? ObjectToNullable { get; set; } = new();

    public List<int> ArrayToList { get; set; } = [];

    public string[] ListToArray { get; set; } = [];

    public List<float> FloatArrayToList { get; set; } = [];

    public Tag[] ObjectListToArray { get; set; } = [];

    public IReadOnlyList<int> ListToReadOnlyList { get; set; } = [];

    public ICollection<Tag> ArrayToCollection { get; set; } = [];

    public HashSet<string> ListToHashSet { get; set; } = [];

    public Queue<int> ArrayToQueue { get; set; } = [];

    public Stack<int> ListToStack { get; set; } = [];

    public SortedSet<string> ArrayToSortedSet { get; set; } = [];

    public LinkedList<Tag> ListToLinkedList { get; set; } = [];

    public Grade Grade { get; set; }

    public List<Grade> Grades { get; set; } = [];

    public Crate Crate { get; set; } = new();

    public List<Supply> Supplies { get; set; } = [];

    public int LongToInt { get; set; }
}

/// <summary>Release 2's crate: its label moved to a base class.</summary>
[MessagePackObject(keyAsPropertyName: true)]
public class Container
{
    public string Label { get; set; } = "";
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class Crate : Container
{
    public int Weight { get; set; }
}

/// <summary>Release 2's supplies: release 1's case, and one more.</summary>
[Union(0, typeof(Tool))]
[Union(1, typeof(Food))]
public abstract class Supply
{
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class Tool : Supply
{
    public string Name { get; set; } = "";
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class Food : Supply
{
    public int Days { get; set; }
}

/// <summary>Release 2's grades: release 1's, and one more.</summary>
public enum Grade
{
    Low,
    High,
    Extreme,
}

[MessagePackObject(keyAsPropertyName: true)]
public sealed class Tag
{
    public string Name { get; set; } = "";
}

[MessagePackObject(keyAsPropertyName: true)]
public struct Spot
{
    public int X { get; set; }

    public int Y { get; set; }
}
