namespace Engine.Serialization.Generator.Tests;

/// <summary>A generic shape the generator refuses by design, with the diagnostic that says so.</summary>
internal sealed record RefusedGenericShape(string Source, string Id, params string[] MessageParts);

/// <summary>
/// The generic declarations a game may write: every kind of constraint, nesting, generic members, private, init-only and
/// required members, records, structs, several type parameters, one generic type closed several ways. Each model is
/// small and holds a value in every member, so every format carries all of it.
/// </summary>
internal static class GenericShapes
{
    /// <summary>Types several shapes close their generics over, and the example of a model whose root is Shapes.Root.</summary>
    private const string Common = """
        namespace Shapes;
        using Engine.Serialization;

        public static class Example
        {
            public static Root Sample() => Root.Sample();
        }

        public enum Color { Red, Green, Blue }

        [MessagePackObject(keyAsPropertyName: true)]
        public class Leaf
        {
            public string Name { get; set; } = "";
        }

        """;

    public static readonly Dictionary<string, string> Accepted = new(StringComparer.Ordinal)
    {
        // The model of the issue: a struct constraint, a private field and an init-only property (CS0453 in the holder).
        ["StructConstraint_PrivateAndInitOnly"] = Common + """
            [MessagePackObject(AllowPrivate = true)]
            public sealed class Box<T> where T : struct
            {
                [Key("value")] private T _value;
                [IgnoreMember] public T Value => _value;
                [Key("label")] public string Label { get; init; } = "";
                public static Box<T> Of(T value, string label) => new() { _value = value, Label = label };
            }

            [SaveModel, MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root
            {
                public Box<int> Count { get; set; } = new();
                public Box<double> Weight { get; set; } = new();
                public static Root Sample() => new() { Count = Box<int>.Of(3, "three"), Weight = Box<double>.Of(2.5, "half") };
            }
            """,

        ["ClassConstraint_InitOnlyAndPrivate"] = Common + """
            [MessagePackObject(AllowPrivate = true)]
            public sealed class Ref<T> where T : class
            {
                [Key("item")] public T Item { get; init; } = default!;
                [Key("version")] private int _version;
                [IgnoreMember] public int Version => _version;
                public static Ref<T> Of(T item, int version) => new() { Item = item, _version = version };
            }

            [SaveModel, MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root
            {
                public Ref<string> Text { get; set; } = Ref<string>.Of("", 0);
                public Ref<Leaf> Node { get; set; } = Ref<Leaf>.Of(new Leaf(), 0);
                public static Root Sample() => new() { Text = Ref<string>.Of("hello", 2), Node = Ref<Leaf>.Of(new Leaf { Name = "oak" }, 7) };
            }
            """,

        ["NullableConstraints_ClassQuestionAndNotNull"] = Common + """
            [MessagePackObject(AllowPrivate = true)]
            public sealed class Link<TKey, TValue> where TKey : notnull where TValue : class?
            {
                [Key("key")] public TKey Key { get; init; } = default!;
                [Key("value")] private TValue _value = default!;
                [IgnoreMember] public TValue Value => _value;
                public static Link<TKey, TValue> Of(TKey key, TValue value) => new() { Key = key, _value = value };
            }

            [MessagePackObject(AllowPrivate = true)]
            public sealed class Ranked<T> where T : System.IComparable<T>?
            {
                [Key("best")] private T _best = default!;
                [IgnoreMember] public T Best => _best;
                public static Ranked<T> Of(T best) => new() { _best = best };
            }

            [MessagePackObject(AllowPrivate = true)]
            public sealed class Owned<T> where T : Leaf?
            {
                [Key("owner")] public T Owner { get; init; } = default!;
            }

            [SaveModel, MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root
            {
                public Link<int, string?> Maybe { get; set; } = Link<int, string?>.Of(0, null);
                public Link<string, Leaf> Sure { get; set; } = Link<string, Leaf>.Of("", new Leaf());
                public Ranked<string?> Top { get; set; } = Ranked<string?>.Of(null);
                public Owned<Leaf?> Who { get; set; } = new();
                public static Root Sample() => new()
                {
                    Maybe = Link<int, string?>.Of(4, "four"),
                    Sure = Link<string, Leaf>.Of("elm", new Leaf { Name = "elm" }),
                    Top = Ranked<string?>.Of("gold"),
                    Who = new() { Owner = new Leaf { Name = "ash" } },
                };
            }
            """,

        ["UnmanagedConstraint_GenericStruct"] = Common + """
            [MessagePackObject(AllowPrivate = true)]
            public struct Triple<T> where T : unmanaged
            {
                [Key("x")] private T _x;
                [Key("y")] private T _y;
                [IgnoreMember] public readonly T X => _x;
                [IgnoreMember] public readonly T Y => _y;
                [Key("z")] public T Z { get; init; }
                public static Triple<T> Of(T x, T y, T z) => new() { _x = x, _y = y, Z = z };
            }

            [SaveModel, MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root
            {
                public Triple<float> At { get; set; }
                public Triple<short> Cell { get; set; }
                public Triple<Color> Tint { get; set; }
                public static Root Sample() => new()
                {
                    At = Triple<float>.Of(1.5f, -2, 3),
                    Cell = Triple<short>.Of(4, 5, -6),
                    Tint = Triple<Color>.Of(Color.Green, Color.Blue, Color.Green),
                };
            }
            """,

        ["NewAndBaseTypeAndInterfaceConstraints"] = Common + """
            [MessagePackObject(keyAsPropertyName: true)]
            public sealed class Pine : Leaf, System.IComparable<Pine>
            {
                public int Height { get; set; }
                public int CompareTo(Pine? other) => Height.CompareTo(other?.Height ?? 0);
            }

            [MessagePackObject(AllowPrivate = true)]
            public sealed class Nursery<T> where T : Leaf, System.IComparable<T>, new()
            {
                [Key("seedling")] private T _seedling = new();
                [IgnoreMember] public T Seedling => _seedling;
                [Key("grown")] public T Grown { get; init; } = new();
                public static Nursery<T> Of(T seedling, T grown) => new() { _seedling = seedling, Grown = grown };
            }

            [MessagePackObject(AllowPrivate = true)]
            public sealed class Ordered<T> where T : System.IComparable<T>, System.IEquatable<T>
            {
                [Key("low")] private T _low = default!;
                [IgnoreMember] public T Low => _low;
                [Key("high")] public T High { get; init; } = default!;
                public static Ordered<T> Of(T low, T high) => new() { _low = low, High = high };
            }

            [SaveModel, MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root
            {
                public Nursery<Pine> Pines { get; set; } = new();
                public Ordered<int> Range { get; set; } = Ordered<int>.Of(0, 0);
                public Ordered<string> Span { get; set; } = Ordered<string>.Of("", "");
                public static Root Sample() => new()
                {
                    Pines = Nursery<Pine>.Of(new Pine { Name = "small", Height = 1 }, new Pine { Name = "tall", Height = 30 }),
                    Range = Ordered<int>.Of(-3, 9),
                    Span = Ordered<string>.Of("a", "z"),
                };
            }
            """,

        ["SeveralTypeParameters_EachConstrainedDifferently"] = Common + """
            [MessagePackObject(AllowPrivate = true)]
            public sealed class Table<TKey, TValue, TTag>
                where TKey : notnull, System.IComparable<TKey>
                where TValue : class, new()
                where TTag : struct, System.Enum
            {
                [Key("rows")] private Dictionary<TKey, TValue> _rows = new();
                [IgnoreMember] public IReadOnlyDictionary<TKey, TValue> Rows => _rows;
                [Key("tag")] public TTag Tag { get; init; }
                public static Table<TKey, TValue, TTag> Of(TTag tag, TKey key, TValue value) => new() { _rows = { [key] = value }, Tag = tag };
            }

            [SaveModel, MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root
            {
                public Table<string, Leaf, Color> Forest { get; set; } = new();
                public Table<int, Leaf, Color> Numbered { get; set; } = new();
                public static Root Sample() => new()
                {
                    Forest = Table<string, Leaf, Color>.Of(Color.Green, "north", new Leaf { Name = "birch" }),
                    Numbered = Table<int, Leaf, Color>.Of(Color.Red, 12, new Leaf { Name = "maple" }),
                };
            }
            """,

        ["NestedGenerics_OuterOfTInnerOfU"] = Common + """
            public static class Outer<T> where T : struct
            {
                [MessagePackObject(AllowPrivate = true)]
                public sealed class Inner<U> where U : class
                {
                    [Key("a")] private T _a;
                    [IgnoreMember] public T A => _a;
                    [Key("b")] public U B { get; init; } = default!;
                    public static Inner<U> Of(T a, U b) => new() { _a = a, B = b };
                }
            }

            [SaveModel, MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root
            {
                public Outer<int>.Inner<string> Named { get; set; } = Outer<int>.Inner<string>.Of(0, "");
                public Outer<long>.Inner<Leaf> Tree { get; set; } = Outer<long>.Inner<Leaf>.Of(0, new Leaf());
                public List<Outer<byte>.Inner<string>> Many { get; set; } = [];
                public static Root Sample() => new()
                {
                    Named = Outer<int>.Inner<string>.Of(5, "five"),
                    Tree = Outer<long>.Inner<Leaf>.Of(long.MaxValue, new Leaf { Name = "yew" }),
                    Many = [Outer<byte>.Inner<string>.Of(1, "one"), Outer<byte>.Inner<string>.Of(2, "two")],
                };
            }
            """,

        ["GenericMembers_ListOfPairOfTU"] = Common + """
            [MessagePackObject(keyAsPropertyName: true)]
            public sealed class Pair<TFirst, TSecond>
            {
                public TFirst First { get; set; } = default!;
                public TSecond Second { get; set; } = default!;
            }

            [MessagePackObject(AllowPrivate = true)]
            public sealed class Graph<T, U> where T : notnull
            {
                [Key("edges")] private List<Pair<T, U>> _edges = [];
                [IgnoreMember] public IReadOnlyList<Pair<T, U>> Edges => _edges;
                [Key("byKey")] public Dictionary<T, Pair<U, T>[]> ByKey { get; init; } = new();
                [Key("last")] public Pair<List<T>, U?>? Last { get; init; }
                public static Graph<T, U> Of(T a, U b) => new()
                {
                    _edges = [new() { First = a, Second = b }],
                    ByKey = { [a] = [new() { First = b, Second = a }] },
                    Last = new() { First = [a, a], Second = b },
                };
            }

            [SaveModel, MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root
            {
                public Graph<string, int> Roads { get; set; } = new();
                public Graph<int, Leaf> Woods { get; set; } = new();
                public static Root Sample() => new() { Roads = Graph<string, int>.Of("A", 3), Woods = Graph<int, Leaf>.Of(8, new Leaf { Name = "fir" }) };
            }
            """,

        ["GenericRecords_PositionalAndRequired"] = Common + """
            [MessagePackObject(keyAsPropertyName: true)]
            public sealed record Named<T>(string Name, T Value) where T : struct;

            [MessagePackObject(keyAsPropertyName: true)]
            public sealed record Tagged<T> where T : class
            {
                public required T Item { get; init; }
                public required string Tag { get; set; }
            }

            [MessagePackObject(keyAsPropertyName: true)]
            public readonly record struct Cell<T>(int X, int Y, T Value) where T : unmanaged;

            [SaveModel, MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root
            {
                public Named<int> Score { get; set; } = new("", 0);
                public Named<Color> Banner { get; set; } = new("", Color.Red);
                public Tagged<Leaf> Marked { get; set; } = new() { Item = new Leaf(), Tag = "" };
                public Cell<double> Spot { get; set; }
                public static Root Sample() => new()
                {
                    Score = new("score", 99),
                    Banner = new("banner", Color.Blue),
                    Marked = new() { Item = new Leaf { Name = "cedar" }, Tag = "old" },
                    Spot = new(2, 3, 0.5),
                };
            }
            """,

        ["GenericStruct_PrivateFieldAndInitOnly_ReachedByRef"] = Common + """
            [MessagePackObject(AllowPrivate = true)]
            public struct Meter<T> where T : struct, System.IComparable<T>
            {
                [Key("current")] private T _current;
                [IgnoreMember] public readonly T Current => _current;
                [Key("max")] public T Max { get; init; }
                [Key("name")] internal string Name { get; private set; }
                public static Meter<T> Of(T current, T max, string name) => new() { _current = current, Max = max, Name = name };
            }

            [SaveModel, MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root
            {
                public Meter<int> Health { get; set; } = Meter<int>.Of(0, 0, "");
                public Meter<float> Mana { get; set; } = Meter<float>.Of(0, 0, "");
                public Meter<int>? Shield { get; set; }
                public static Root Sample() => new()
                {
                    Health = Meter<int>.Of(40, 100, "hp"),
                    Mana = Meter<float>.Of(2.5f, 10, "mp"),
                    Shield = Meter<int>.Of(1, 5, "sh"),
                };
            }
            """,

        ["RequiredMembers_InAGenericClass"] = Common + """
            [MessagePackObject(keyAsPropertyName: true)]
            public sealed class Must<T> where T : notnull
            {
                public required T Value { get; init; }
                public required string Why { get; set; }
                public int Extra { get; set; }
            }

            [SaveModel, MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root
            {
                public Must<int> Count { get; set; } = new() { Value = 0, Why = "" };
                public Must<Leaf> Node { get; set; } = new() { Value = new Leaf(), Why = "" };
                public static Root Sample() => new()
                {
                    Count = new() { Value = 12, Why = "dozen", Extra = 1 },
                    Node = new() { Value = new Leaf { Name = "larch" }, Why = "tree", Extra = 2 },
                };
            }
            """,

        ["PrivateConstructor_OfAGenericType"] = Common + """
            [MessagePackObject(keyAsPropertyName: true, AllowPrivate = true)]
            public sealed class Sealed<T> where T : struct
            {
                [SerializationConstructor]
                private Sealed(T value, string note)
                {
                    Value = value;
                    Note = note;
                }

                public T Value { get; }
                public string Note { get; }
                public static Sealed<T> Of(T value, string note) => new(value, note);
            }

            [SaveModel, MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root
            {
                public Sealed<int> First { get; set; } = Sealed<int>.Of(0, "");
                public Sealed<Color> Second { get; set; } = Sealed<Color>.Of(Color.Red, "");
                public static Root Sample() => new() { First = Sealed<int>.Of(8, "eight"), Second = Sealed<Color>.Of(Color.Blue, "blue") };
            }
            """,

        ["GenericDerived_FromAGenericBase"] = Common + """
            [MessagePackObject]
            public class Base<T>
            {
                [Key("Value")] public T Value { get; set; } = default!;
            }

            [MessagePackObject(AllowPrivate = true)]
            public sealed class Derived<T, U> : Base<T> where U : struct
            {
                [Key("Extra")] private U _extra;
                [IgnoreMember] public U Extra => _extra;
                public static Derived<T, U> Of(T value, U extra) => new() { Value = value, _extra = extra };
            }

            [SaveModel, MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root
            {
                public Derived<string, int> Text { get; set; } = Derived<string, int>.Of("", 0);
                public Derived<Leaf, Color> Node { get; set; } = Derived<Leaf, Color>.Of(new Leaf(), Color.Red);
                public static Root Sample() => new()
                {
                    Text = Derived<string, int>.Of("seven", 7),
                    Node = Derived<Leaf, Color>.Of(new Leaf { Name = "holly" }, Color.Green),
                };
            }
            """,

        ["AllowsRefStruct_OnAnUnusedTypeParameter"] = Common + """
            [MessagePackObject(AllowPrivate = true)]
            public sealed class Scratch<T, TSpan> where TSpan : allows ref struct
            {
                [Key("kept")] private T _kept = default!;
                [IgnoreMember] public T Kept => _kept;
                public static Scratch<T, TSpan> Of(T kept) => new() { _kept = kept };
            }

            [SaveModel, MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root
            {
                public Scratch<int, int> Small { get; set; } = new();
                public Scratch<string, long> Text { get; set; } = Scratch<string, long>.Of("");
                public static Root Sample() => new() { Small = Scratch<int, int>.Of(6), Text = Scratch<string, long>.Of("six") };
            }
            """,

        ["OneGenericType_ClosedManyWays_InOneModel"] = Common + """
            [MessagePackObject(AllowPrivate = true)]
            public sealed class Slot<T>
            {
                [Key("item")] private T _item = default!;
                [IgnoreMember] public T Item => _item;
                [Key("count")] public int Count { get; init; }
                public static Slot<T> Of(T item, int count) => new() { _item = item, Count = count };
            }

            [SaveModel, MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root
            {
                public Slot<int> Number { get; set; } = Slot<int>.Of(0, 0);
                public Slot<string> Text { get; set; } = Slot<string>.Of("", 0);
                public Slot<Color> Hue { get; set; } = Slot<Color>.Of(Color.Red, 0);
                public Slot<Leaf> Node { get; set; } = Slot<Leaf>.Of(new Leaf(), 0);
                public Slot<Slot<int>> Nested { get; set; } = Slot<Slot<int>>.Of(Slot<int>.Of(0, 0), 0);
                public Slot<List<Slot<string>>> Listed { get; set; } = Slot<List<Slot<string>>>.Of([], 0);
                public Slot<int[]> Array { get; set; } = Slot<int[]>.Of([], 0);
                public static Root Sample() => new()
                {
                    Number = Slot<int>.Of(1, 1),
                    Text = Slot<string>.Of("two", 2),
                    Hue = Slot<Color>.Of(Color.Blue, 3),
                    Node = Slot<Leaf>.Of(new Leaf { Name = "rowan" }, 4),
                    Nested = Slot<Slot<int>>.Of(Slot<int>.Of(5, 5), 6),
                    Listed = Slot<List<Slot<string>>>.Of([Slot<string>.Of("x", 7)], 8),
                    Array = Slot<int[]>.Of([9, 10], 11),
                };
            }
            """,

        ["ClosedGenericRoot_DeclaredOnTheAssembly"] = """
            [assembly: Engine.Serialization.SaveModel(typeof(Shapes.World<Shapes.Region, int>))]

            namespace Shapes;

            [MessagePackObject(keyAsPropertyName: true)]
            public sealed class Region
            {
                public string Name { get; set; } = "";
            }

            [MessagePackObject(AllowPrivate = true)]
            public sealed class World<TPlace, TScore> where TPlace : class, new() where TScore : struct
            {
                [Key("places")] private List<TPlace> _places = [];
                [Key("score")] public TScore Score { get; init; }
                [IgnoreMember] public IReadOnlyList<TPlace> Places => _places;
                public static World<TPlace, TScore> Of(TScore score, params TPlace[] places) => new() { _places = [.. places], Score = score };
            }

            public static class Example
            {
                public static World<Region, int> Sample() => World<Region, int>.Of(42, new Region { Name = "coast" }, new Region { Name = "hills" });
            }
            """,
    };

    public static readonly Dictionary<string, RefusedGenericShape> Refused = new(StringComparer.Ordinal)
    {
        // UnsafeAccessor needs a class with the declaring type's own type parameters; for a base type's member the
        // generator has only the derived type's.
        ["InitOnlyMemberOfAGenericBase"] = new("""
            namespace Shapes;
            using Engine.Serialization;
            [MessagePackObject(keyAsPropertyName: true)] public class Base<T> { public T Value { get; init; } = default!; }
            [SaveModel, MessagePackObject(keyAsPropertyName: true)] public sealed class Root : Base<int> { public int Other { get; set; } }
            """, "EGEN016", "Shapes.Root", "Value", "generic base type"),

        // The holder of the externs declares the type parameters of the type and of the types containing it, by name.
        ["NestedGenerics_WhoseTypeParametersShareAName"] = new("""
            namespace Shapes;
            using Engine.Serialization;
            #pragma warning disable CS0693 // Inner's T hides Outer's
            public static class Outer<T>
            {
                [MessagePackObject(keyAsPropertyName: true)] public sealed class Inner<T> { public T Value { get; init; } = default!; }
            }
            #pragma warning restore CS0693
            [SaveModel, MessagePackObject(keyAsPropertyName: true)] public sealed class Root { public Outer<int>.Inner<string> Pair { get; set; } = new(); }
            """, "EGEN016", "Shapes.Outer<int>.Inner<string>", "named 'T'", "rename one"),

        ["TypeArgumentTheGeneratorCannotSave"] = new("""
            namespace Shapes;
            using Engine.Serialization;
            [MessagePackObject(keyAsPropertyName: true)] public sealed class Box<T> { public T Value { get; set; } = default!; }
            [SaveModel, MessagePackObject(keyAsPropertyName: true)] public sealed class Root { public Box<object> Thing { get; set; } = new(); }
            """, "EGEN001", "object", "Box<object>"),

        ["OpenGenericRoot"] = new("""
            namespace Shapes;
            using Engine.Serialization;
            [SaveModel, MessagePackObject(keyAsPropertyName: true)] public sealed class Root<T> { public T Value { get; set; } = default!; }
            """, "EGEN017", "Shapes.Root<T>", "type parameters", "[assembly: SaveModel(typeof(...))]"),

        ["UnboundGenericRoot_DeclaredOnTheAssembly"] = new("""
            [assembly: Engine.Serialization.SaveModel(typeof(Shapes.Root<>))]
            namespace Shapes;
            [MessagePackObject(keyAsPropertyName: true)] public sealed class Root<T> { public T Value { get; set; } = default!; }
            """, "EGEN017", "Shapes.Root<>", "type parameters"),

        ["OpenGenericUnionCase"] = new("""
            namespace Shapes;
            using Engine.Serialization;
            [Union(0, typeof(Case<>))] public interface IShape { }
            [MessagePackObject(keyAsPropertyName: true)] public sealed class Case<T> : IShape { public T Value { get; set; } = default!; }
            [SaveModel, MessagePackObject(keyAsPropertyName: true)] public sealed class Root { public IShape? Shape { get; set; } }
            """, "EGEN014", "Shapes.IShape", "Case<>"),
    };
}
