using System.Collections.Generic;

namespace Engine.Serialization.Generator.Analysis;

/// <summary>
/// The kinds table: every collection type the generator knows, by its generic definition, with the facts that build,
/// walk, copy and refresh it. The emitters read only these facts, so a new collection type is one row here (and its
/// entry in <see cref="WellKnownTypes.Supported"/>). In the templates <c>{0}</c> is the element type (a dictionary's
/// key type, <c>{1}</c> its value type).
/// </summary>
internal static class CollectionKinds
{
    private const string Generic = "global::System.Collections.Generic.";

    public static readonly SequenceFacts Array = new(
        SequenceWalk.Indexed, "Length", SequenceFill.Array, Build: "{1}", Create: null, Add: null, Collect: null,
        SequenceStorage.Array, Copy: null, CountsAhead: true, BulkFloats: true, Span: null);

    private static readonly SequenceFacts List = new(
        SequenceWalk.Listed, "Count", SequenceFill.List, Build: "{1}", Create: null, Add: null, Collect: null,
        SequenceStorage.List, Copy: null, CountsAhead: true, BulkFloats: true, Span: "global::System.Runtime.InteropServices.CollectionsMarshal.AsSpan({0})");

    /// <summary>IList&lt;T&gt;, ICollection&lt;T&gt;: read as List&lt;T&gt;, as MessagePack does.</summary>
    private static readonly SequenceFacts ListInterface = new(
        SequenceWalk.Enumerated, "Count", SequenceFill.List, Build: "{1}", Create: null, Add: null, Collect: null,
        SequenceStorage.Other, Copy: "return new " + Generic + "List<{0}>({1});", CountsAhead: true, BulkFloats: false, Span: null);

    /// <summary>IReadOnlyList&lt;T&gt;, IReadOnlyCollection&lt;T&gt;, IEnumerable&lt;T&gt;: read as T[], as MessagePack does.</summary>
    private static readonly SequenceFacts ArrayInterface = new(
        SequenceWalk.Enumerated, "Count", SequenceFill.Array, Build: "{1}", Create: null, Add: null, Collect: null,
        SequenceStorage.Other, Copy: "return global::System.Linq.Enumerable.ToArray({1});", CountsAhead: true, BulkFloats: false, Span: null);

    /// <summary>Written top first; read back in the same order (pushed from the bottom).</summary>
    private static readonly SequenceFacts Stack = new(
        SequenceWalk.Counted, "Count", SequenceFill.Reversed, Build: "new " + Generic + "Stack<{0}>({1})", Create: null, Add: null, Collect: null,
        SequenceStorage.Other,
        Copy: "var items = global::System.Linq.Enumerable.ToArray({1});\nglobal::System.Array.Reverse(items);\nreturn new " + Generic + "Stack<{0}>(items);",
        CountsAhead: true, BulkFloats: false, Span: null);

    private static readonly SequenceFacts Queue = new(
        SequenceWalk.Counted, "Count", SequenceFill.Added, Build: "{1}", Create: "new " + Generic + "Queue<{0}>(count)", Add: "result.Enqueue(item);",
        Collect: "new " + Generic + "Queue<{0}>({1})", SequenceStorage.Other, Copy: "return new " + Generic + "Queue<{0}>({1});",
        CountsAhead: true, BulkFloats: false, Span: null);

    private static readonly SequenceFacts HashSet = new(
        SequenceWalk.Counted, "Count", SequenceFill.Added, Build: "{1}", Create: "new " + Generic + "HashSet<{0}>(count{2})", Add: "result.Add(item);",
        Collect: "new " + Generic + "HashSet<{0}>({1}{2})", SequenceStorage.Other, Copy: "return new " + Generic + "HashSet<{0}>({1}, value.Comparer);",
        CountsAhead: true, BulkFloats: false, Span: null, Keys: KeyRule.Hashed);

    /// <summary>ISet&lt;T&gt;, IReadOnlySet&lt;T&gt;: read as HashSet&lt;T&gt;.</summary>
    private static readonly SequenceFacts SetInterface = HashSet with
    {
        Walk = SequenceWalk.Enumerated,
        Copy = "return new " + Generic + "HashSet<{0}>({1});",
    };

    /// <summary>A node per item, allocated as each is added: each is counted in the load's budget then.</summary>
    private static readonly SequenceFacts SortedSet = new(
        SequenceWalk.Counted, "Count", SequenceFill.Added, Build: "{1}", Create: "new " + Generic + "SortedSet<{0}>()",
        Add: "global::Engine.Serialization.Internal.CodecSupport.Creating(); result.Add(item);",
        Collect: "new " + Generic + "SortedSet<{0}>({1})", SequenceStorage.Other, Copy: "return new " + Generic + "SortedSet<{0}>({1}, value.Comparer);",
        CountsAhead: false, BulkFloats: false, Span: null, Keys: KeyRule.Ordered);

    private static readonly SequenceFacts LinkedList = new(
        SequenceWalk.Counted, "Count", SequenceFill.Added, Build: "{1}", Create: "new " + Generic + "LinkedList<{0}>()",
        Add: "global::Engine.Serialization.Internal.CodecSupport.Creating(); result.AddLast(item);",
        Collect: "new " + Generic + "LinkedList<{0}>({1})", SequenceStorage.Other, Copy: "return new " + Generic + "LinkedList<{0}>({1});",
        CountsAhead: false, BulkFloats: false, Span: null);

    /// <summary>Engine.Serialization.TrackedList&lt;T&gt;: a list that tells a tracked model's owner when it changes; read as a list and handed over.</summary>
    private static readonly SequenceFacts TrackedList = List with
    {
        Build = "global::Engine.Serialization.Internal.TrackedLists.Adopt<{0}>({1})",
        Span = "{0}.AsSpan()",
        Tracked = true,
    };

    private static readonly DictionaryFacts Dictionary = new(
        Map: Generic + "Dictionary<{0}, {1}>", Build: "{2}", Copy: "new " + Generic + "Dictionary<{0}, {1}>(value.Count, value.Comparer)", Built: "copy");

    /// <summary>IDictionary&lt;K,V&gt;, IReadOnlyDictionary&lt;K,V&gt;: read as Dictionary&lt;K,V&gt;.</summary>
    private static readonly DictionaryFacts DictionaryInterface = Dictionary with { Copy = "new " + Generic + "Dictionary<{0}, {1}>(value.Count)" };

    private static readonly DictionaryFacts SortedDictionary = new(
        Map: Generic + "SortedDictionary<{0}, {1}>", Build: "{2}", Copy: "new " + Generic + "SortedDictionary<{0}, {1}>(value.Comparer)", Built: "copy",
        Keys: KeyRule.Ordered);

    /// <summary>Read into an array it then wraps; its default (no array) is nil, as MessagePack's ImmutableArrayFormatter writes it.</summary>
    private static readonly SequenceFacts ImmutableArray = new(
        SequenceWalk.Indexed, "Length", SequenceFill.Array, Build: "global::System.Runtime.InteropServices.ImmutableCollectionsMarshal.AsImmutableArray({1})",
        Create: null, Add: null, Collect: null, SequenceStorage.Other, Copy: "return global::System.Collections.Immutable.ImmutableArray.CreateRange({1});",
        CountsAhead: true, BulkFloats: false, Span: null, Immutable: true, NilWhen: "{0}.IsDefault");

    /// <summary>Read into a map, then made immutable with the map's comparer (collision-resistant for the keys that have one).</summary>
    private static readonly DictionaryFacts ImmutableDictionary = new(
        Map: Generic + "Dictionary<{0}, {1}>", Build: "global::System.Collections.Immutable.ImmutableDictionary.CreateRange({2}.Comparer, {2})",
        Copy: "global::System.Collections.Immutable.ImmutableDictionary.CreateBuilder<{0}, {1}>(value.KeyComparer, value.ValueComparer)",
        Built: "copy.ToImmutable()", Immutable: true);

    /// <summary>Sequences by their generic definition's display name.</summary>
    public static readonly Dictionary<string, SequenceFacts> Sequences = new()
    {
        ["System.Collections.Generic.List<T>"] = List,
        ["System.Collections.Generic.IList<T>"] = ListInterface,
        ["System.Collections.Generic.ICollection<T>"] = ListInterface,
        ["System.Collections.Generic.IReadOnlyList<T>"] = ArrayInterface,
        ["System.Collections.Generic.IReadOnlyCollection<T>"] = ArrayInterface,
        ["System.Collections.Generic.IEnumerable<T>"] = ArrayInterface,
        ["System.Collections.Generic.Queue<T>"] = Queue,
        ["System.Collections.Generic.Stack<T>"] = Stack,
        ["System.Collections.Generic.HashSet<T>"] = HashSet,
        ["System.Collections.Generic.ISet<T>"] = SetInterface,
        ["System.Collections.Generic.IReadOnlySet<T>"] = SetInterface,
        ["System.Collections.Generic.SortedSet<T>"] = SortedSet,
        ["System.Collections.Generic.LinkedList<T>"] = LinkedList,
        ["Engine.Serialization.TrackedList<T>"] = TrackedList,
        ["System.Collections.Immutable.ImmutableArray<T>"] = ImmutableArray,
    };

    /// <summary>Dictionaries by their generic definition's display name.</summary>
    public static readonly Dictionary<string, DictionaryFacts> Dictionaries = new()
    {
        ["System.Collections.Generic.Dictionary<TKey, TValue>"] = Dictionary,
        ["System.Collections.Generic.IDictionary<TKey, TValue>"] = DictionaryInterface,
        ["System.Collections.Generic.IReadOnlyDictionary<TKey, TValue>"] = DictionaryInterface,
        ["System.Collections.Generic.SortedDictionary<TKey, TValue>"] = SortedDictionary,
        ["System.Collections.Immutable.ImmutableDictionary<TKey, TValue>"] = ImmutableDictionary,
    };
}

/// <summary>How a save walks a sequence's items.</summary>
internal enum SequenceWalk
{
    /// <summary>By index, to a length that can't change meanwhile.</summary>
    Indexed,

    /// <summary>By index, to the count it had when the header was written; refused if the count changed meanwhile.</summary>
    Listed,

    /// <summary>Its count, then its items as it enumerates them; refused if they disagree.</summary>
    Counted,

    /// <summary>An interface: the count a collection knows, or the items gathered first (as MessagePack does).</summary>
    Enumerated,
}

/// <summary>How a load fills a sequence from its count and items.</summary>
internal enum SequenceFill
{
    /// <summary>Into a new <c>T[count]</c>, which <see cref="SequenceFacts.Build"/> makes the collection.</summary>
    Array,

    /// <summary>Into a new <c>List&lt;T&gt;(count)</c>, which <see cref="SequenceFacts.Build"/> makes the collection.</summary>
    List,

    /// <summary>Into a <c>T[count]</c> from its end, which <see cref="SequenceFacts.Build"/> makes the collection.</summary>
    Reversed,

    /// <summary>Into <see cref="SequenceFacts.Create"/>, each item by <see cref="SequenceFacts.Add"/>.</summary>
    Added,
}

/// <summary>What a sequence's value is, for the code that indexes it in place (copies, refreshes).</summary>
internal enum SequenceStorage
{
    /// <summary>A <c>T[]</c>: copied and refreshed element by element, at its fixed length.</summary>
    Array,

    /// <summary>A <c>List&lt;T&gt;</c> (or a tracked list): copied and refreshed element by element, resized in place.</summary>
    List,

    /// <summary>Anything else: copied by <see cref="SequenceFacts.Copy"/>, refreshed by a new copy.</summary>
    Other,
}

/// <summary>What a set's or dictionary's keys must allow.</summary>
internal enum KeyRule
{
    None,

    /// <summary>Hashing, collision-resistant when read from a save (the shape's comparer).</summary>
    Hashed,

    /// <summary>Ordering (IComparable).</summary>
    Ordered,
}

/// <summary>A sequence's construction facts: one row of <see cref="CollectionKinds"/>.</summary>
/// <param name="Walk">How a save walks it.</param>
/// <param name="Count">Its count property (<see cref="SequenceWalk.Indexed"/>, <see cref="SequenceWalk.Listed"/>, <see cref="SequenceWalk.Counted"/>).</param>
/// <param name="Fill">How a load fills it.</param>
/// <param name="Build">The collection made of the filled array or list <c>{1}</c>.</param>
/// <param name="Create">For <see cref="SequenceFill.Added"/>: the empty collection for <c>count</c> items; <c>{2}</c> the comparer argument.</param>
/// <param name="Add">For <see cref="SequenceFill.Added"/>: the statement adding <c>item</c> to <c>result</c>.</param>
/// <param name="Collect">For <see cref="SequenceFill.Added"/>: the collection of the items <c>{1}</c> in order; <c>{2}</c> the comparer argument.</param>
/// <param name="Storage">What the value is, for copies and refreshes in place.</param>
/// <param name="Copy">For <see cref="SequenceStorage.Other"/>: the statements returning a copy of <c>value</c> holding the items <c>{1}</c>.</param>
/// <param name="CountsAhead">Whether a load counts every item in its budget before it fills them (not when each item is a node allocated as it is added).</param>
/// <param name="BulkFloats">Whether float and double items move in bulk runs (Engine.Serialization.Internal.FloatRuns).</param>
/// <param name="Span">For a list: its items as a span, <c>{0}</c> the list.</param>
/// <param name="Keys">What its items must allow.</param>
/// <param name="Tracked">Whether it tells a tracked model's owner when it changes (Engine.Serialization.TrackedList).</param>
/// <param name="Immutable">Whether it never changes, so a snapshot shares it when its items can be shared.</param>
/// <param name="NilWhen">For a value type whose default is written as nil: the test, <c>{0}</c> the value.</param>
internal sealed record SequenceFacts(
    SequenceWalk Walk,
    string Count,
    SequenceFill Fill,
    string Build,
    string? Create,
    string? Add,
    string? Collect,
    SequenceStorage Storage,
    string? Copy,
    bool CountsAhead,
    bool BulkFloats,
    string? Span,
    KeyRule Keys = KeyRule.None,
    bool Tracked = false,
    bool Immutable = false,
    string? NilWhen = null)
{
    /// <summary>Whether <see cref="Build"/> is the filled array or list itself.</summary>
    public bool BuildsInPlace => Build == "{1}";

    public string BuildOf(string element, string filled) => string.Format(Build, element, filled);
}

/// <summary>A dictionary's construction facts: one row of <see cref="CollectionKinds"/>.</summary>
/// <param name="Map">The map a load fills (XML and protobuf build it entry by entry too).</param>
/// <param name="Build">The dictionary made of the filled map <c>{2}</c>.</param>
/// <param name="Copy">The empty copy of <c>value</c> a snapshot adds the copied entries to.</param>
/// <param name="Built">The copy, once its entries are in: <c>copy</c>, or what it makes.</param>
/// <param name="Keys">What its keys must allow: hashing, or ordering (then created without a comparer, each entry a node counted as it is added).</param>
/// <param name="Immutable">Whether it never changes, so a snapshot shares it when its keys and values can be shared.</param>
internal sealed record DictionaryFacts(string Map, string Build, string Copy, string Built, KeyRule Keys = KeyRule.Hashed, bool Immutable = false)
{
    public bool Sorted => Keys == KeyRule.Ordered;

    public bool BuildsInPlace => Build == "{2}";

    public string MapOf(string key, string value) => string.Format(Map, key, value);

    public string BuildOf(string key, string value, string filled) => string.Format(Build, key, value, filled);
}
