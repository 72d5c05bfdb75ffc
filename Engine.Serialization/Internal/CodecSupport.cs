using System.Buffers;
using System.Buffers.Binary;
using System.ComponentModel;
using System.Diagnostics.CodeAnalysis;
using System.Globalization;
using System.Runtime.CompilerServices;
using System.Text.Unicode;
using Engine.Serialization.Errors;
using MessagePack;

namespace Engine.Serialization.Internal;

/// <summary>What generated codecs call into the save system for. Games don't call it.</summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public static class CodecSupport
{
    [ThreadStatic]
    private static bool _missingRead;

    [ThreadStatic]
    private static bool _writingSnapshot;

    [ThreadStatic]
    private static int _nesting;

    [ThreadStatic]
    private static PathTrace? _trace;

    [ThreadStatic]
    private static SaveEncodingException? _nestingRefusal;

    /// <summary>
    /// The deepest a save may nest objects and collections: what a load accepts (MessagePack counts each object and
    /// collection as one level, as the generated reader does), so a save never holds what its load would refuse.
    /// </summary>
    public const int MaxNesting = 500;

    /// <summary>
    /// The deepest a MessagePack payload nests maps and arrays counted as a document counts them, knowing no model
    /// (migrations and savetool read payloads so). A level a load counts is at most two there (a multi-dimensional array
    /// is two arrays; a Vector3 or a DateTimeOffset, an array the load doesn't count, ends a path), so every save
    /// <see cref="MaxNesting"/> allows opens as a document.
    /// </summary>
    public const int MaxDocumentDepth = (2 * MaxNesting) + 8;

    /// <summary>
    /// Whether the writer on this thread encodes a snapshot: its OnBeforeSerialize callbacks ran on the live objects
    /// when it was taken, and must not run again on copies that may lack the state they read.
    /// </summary>
    public static bool WritingSnapshot => _writingSnapshot;

    /// <summary>
    /// Counts one level while a save, a snapshot or a check walks a model whose types can contain themselves; past
    /// <see cref="MaxNesting"/> it throws instead of going deeper, so a game whose state holds a cycle (an object that
    /// contains itself) gets a <see cref="SaveEncodingException"/> rather than a stack overflow that ends the process.
    /// Disposing the scope leaves the level.
    /// </summary>
    public static NestingLevel Nest()
    {
        if (++_nesting > MaxNesting)
        {
            _nesting--;
            throw _nestingRefusal = new SaveEncodingException(
                $"The game nests objects and collections deeper than {MaxNesting} levels, or holds an object that contains itself " +
                "(a cycle), and no load reads such a save: nothing was written.");
        }

        return default;
    }

    /// <summary>One level counted by <see cref="Nest"/>, left when disposed.</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public readonly struct NestingLevel : IDisposable
    {
        public void Dispose() => _nesting--;
    }

    /// <summary>Before each object, collection, string or byte array a reader creates: the load's budget.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Creating() => LoadBudget.Check();

    /// <summary>Before a reader allocates room for <paramref name="count"/> items at once: the load's budget holds them first.</summary>
    public static void CreatingItems<T>(int count)
    {
        LoadBudget.Check();
        LoadBudget.Reserve((long)count * Unsafe.SizeOf<T>());
    }

    /// <summary>
    /// Adds an item read to the list a reader gathers a collection in, within the load's budget: the room the list
    /// grows to is reserved before it is allocated.
    /// </summary>
    public static void AddItem<T>(List<T> items, T item)
    {
        ArgumentNullException.ThrowIfNull(items);
        LoadBudget.Check();
        if (items.Count == items.Capacity)
        {
            LoadBudget.Reserve(Math.Max(4L, 2L * items.Capacity) * Unsafe.SizeOf<T>());
        }

        items.Add(item);
    }

    /// <summary><see cref="AddItem{T}"/> for a run of items read at once (a packed protobuf field).</summary>
    public static void AddItems<T>(List<T> items, T[] run)
    {
        ArgumentNullException.ThrowIfNull(items);
        ArgumentNullException.ThrowIfNull(run);
        LoadBudget.Check();
        if (items.Count + run.Length > items.Capacity)
        {
            LoadBudget.Reserve(Math.Max(items.Count + (long)run.Length, 2L * items.Capacity) * Unsafe.SizeOf<T>());
        }

        items.AddRange(run);
    }

    /// <summary>Before an entry is added to a dictionary a reader fills: the room it grows to is reserved in the load's budget first.</summary>
    public static void AddingEntry<TKey, TValue>(Dictionary<TKey, TValue> map)
        where TKey : notnull
    {
        ArgumentNullException.ThrowIfNull(map);
        LoadBudget.Check();
        if (map.Count == map.Capacity)
        {
            // Entries (key, value, hash and link) and their buckets.
            LoadBudget.Reserve(Math.Max(4L, 2L * map.Capacity) * (Unsafe.SizeOf<KeyValuePair<TKey, TValue>>() + 12));
        }
    }

    /// <summary>A reader met nil where the model has none; the load finds its path and refuses the save once reading ends.</summary>
    public static void MissingRead() => _missingRead = true;

    /// <summary>A writer met null where the model has none.</summary>
    [DoesNotReturn]
    public static void ThrowMissing(string type, string member) => throw new MissingValueException(type, member);

    /// <summary>
    /// Reads a float as <c>MessagePackReader.ReadSingle()</c> does (a float32; a float64 or an integer rounded to the
    /// nearest float), except that a finite float64 beyond float's range is refused rather than made infinity.
    /// </summary>
    public static float ReadSingle(ref MessagePackReader reader) =>
        reader.NextCode == MessagePackCode.Float64 ? ToSingle(reader.ReadDouble()) : reader.ReadSingle();

    /// <summary>Reads a Half as a float (<see cref="ReadSingle"/>) rounded to the nearest Half; a finite one beyond Half's range is refused.</summary>
    public static Half ReadHalf(ref MessagePackReader reader) => ToHalf(ReadSingle(ref reader));

    /// <summary>The nearest float; a finite value beyond float's range throws <see cref="OverflowException"/> instead of becoming infinity.</summary>
    public static float ToSingle(double value)
    {
        float nearest = (float)value;
        return float.IsInfinity(nearest) && double.IsFinite(value) ? throw NumberBeyond("float", value) : nearest;
    }

    /// <summary>The nearest Half; a finite value beyond Half's range throws <see cref="OverflowException"/> instead of becoming infinity.</summary>
    public static Half ToHalf(float value)
    {
        var nearest = (Half)value;
        return Half.IsInfinity(nearest) && float.IsFinite(value) ? throw NumberBeyond("Half", value) : nearest;
    }

    private static OverflowException NumberBeyond(string type, double value) =>
        new(string.Create(CultureInfo.InvariantCulture, $"{value:R} is beyond what a {type} holds."));

    /// <summary>
    /// Skips a value the model doesn't read (a member a newer game wrote, a key that isn't text, a computed member),
    /// refusing it past what is left of <see cref="MaxDocumentDepth"/> below its object (two levels there for each level
    /// the reader counts), so that what a load takes, keeps and writes back opens as a document too. MessagePackReader's
    /// own skip follows any nesting.
    /// </summary>
    public static void SkipValue(ref MessagePackReader reader) =>
        Formats.MessagePack.MessagePackDecoding.Skip(ref reader, (2 * reader.Depth) + 1, MaxDocumentDepth);

    /// <summary>
    /// Reads a string as <c>MessagePackReader.ReadString()</c> does (nil is null; bytes that are not UTF-8 become
    /// U+FFFD), faster for what a game's text nearly always is: ASCII, widened without transcoding.
    /// </summary>
    public static string? ReadString(ref MessagePackReader reader)
    {
        LoadBudget.Check();
        if (!reader.TryReadStringSpan(out var utf8))
        {
            return reader.ReadString(); // nil, or text split across segments
        }

        return System.Text.Ascii.IsValid(utf8) ? System.Text.Encoding.Latin1.GetString(utf8) : System.Text.Encoding.UTF8.GetString(utf8);
    }

    /// <summary>A map key's UTF-8 bytes, as <c>CodeGenHelpers.ReadStringSpan</c> gives them, without its call on the usual path.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ReadOnlySpan<byte> ReadKey(ref MessagePackReader reader) =>
        reader.TryReadStringSpan(out var key) ? key : MessagePack.Internal.CodeGenHelpers.ReadStringSpan(ref reader);

    /// <summary>
    /// Writes a string as <c>MessagePackWriter.Write(string)</c> does (the smallest str header, then UTF-8), except that
    /// text UTF-8 can't carry (a lone surrogate: half of a character) is refused rather than written as U+FFFD, which
    /// would load back as different text.
    /// </summary>
    public static void WriteString(ref MessagePackWriter writer, string? value)
    {
        if (value is null)
        {
            writer.WriteNil();
            return;
        }

        int most = checked(value.Length * 3);
        int reserved = HeaderLength(most);
        var span = writer.GetSpan(reserved + most);
        if (Utf8.FromUtf16(value, span[reserved..], out _, out int written, replaceInvalidSequences: false) != OperationStatus.Done)
        {
            throw new InvalidTextException(value);
        }

        int header = HeaderLength(written);
        if (header != reserved)
        {
            span.Slice(reserved, written).CopyTo(span[header..]);
        }

        switch (header)
        {
            case 1:
                span[0] = (byte)(MessagePackCode.MinFixStr | written);
                break;
            case 2:
                span[0] = MessagePackCode.Str8;
                span[1] = (byte)written;
                break;
            case 3:
                span[0] = MessagePackCode.Str16;
                BinaryPrimitives.WriteUInt16BigEndian(span[1..], (ushort)written);
                break;
            default:
                span[0] = MessagePackCode.Str32;
                BinaryPrimitives.WriteUInt32BigEndian(span[1..], (uint)written);
                break;
        }

        writer.Advance(header + written);
    }

    /// <summary>Whether the text holds a lone surrogate (half of a character), which UTF-8 can't carry.</summary>
    public static bool HasLoneSurrogate(string text)
    {
        ArgumentNullException.ThrowIfNull(text);
        int i = text.AsSpan().IndexOfAnyInRange('\uD800', '\uDFFF');
        if (i < 0)
        {
            return false;
        }

        for (; i < text.Length; i++)
        {
            if (char.IsHighSurrogate(text[i]) && i + 1 < text.Length && char.IsLowSurrogate(text[i + 1]))
            {
                i++;
            }
            else if (char.IsSurrogate(text[i]))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// The instant a DateTime names, in UTC, as every format keeps it (MessagePack's timestamp does): a local time is
    /// converted, an unspecified one is taken as UTC.
    /// </summary>
    public static DateTime Instant(DateTime value) =>
        value.Kind == DateTimeKind.Local ? value.ToUniversalTime() : DateTime.SpecifyKind(value, DateTimeKind.Utc);

    /// <summary>A model's OnBeforeSerialize threw: the game refused to be saved as it is.</summary>
    public static SaveEncodingException BeforeSerializeFailed(string type, Exception e) =>
        new($"The game's {type} refused to be saved ({e.Message}): nothing was written. Fix what it names and save again.", innerException: e);

    /// <summary>
    /// Whether an exception out of a walk of the game came from the game's own code (a member's getter, a custom
    /// formatter) rather than from the save system: a save then throws <see cref="GameCodeFailed"/>, so that a game
    /// catching <see cref="SaveException"/> catches it too.
    /// </summary>
    internal static bool IsGameCodeFailure(Exception e) => e is not (SaveException or OutOfMemoryException or OperationCanceledException);

    /// <summary>
    /// The game's own code threw while it was saved; the inner exception says where. What a collection throws when another
    /// thread changes it while it is read (a changed collection's enumerator, an index past a list's new end, a copy into
    /// an array the list outgrew) may be either.
    /// </summary>
    internal static SaveEncodingException GameCodeFailed(Exception e) =>
        e is InvalidOperationException or ArgumentException
            ? new($"The game's own code failed while it was saved, or another thread changed the game meanwhile ({e.GetType().Name}: {e.Message}): "
                + $"nothing was written. {ThreadRule} Otherwise a member's getter or a custom formatter threw; the inner exception says which.", innerException: e)
            : new($"The game's own code failed while it was saved ({e.GetType().Name}: {e.Message}): nothing was written. "
                + "A member's getter or a custom formatter threw; the inner exception says which.", innerException: e);

    /// <summary>
    /// A writer found a collection holding another number of items than it had when the save began: another thread
    /// changed it, and the save (a count followed by other items) could never be loaded.
    /// </summary>
    public static SaveEncodingException ChangedWhileSaving(string collection) =>
        new($"The game changed while it was saved: a {collection} gained or lost items: nothing was written. {ThreadRule}");

    /// <summary>What every refusal of a game changed during its save says.</summary>
    internal const string ThreadRule =
        "A save reads the game on the thread that calls it: Save, and SaveAsync, QuickSaveAsync and AutosaveAsync until they return, "
        + "must run on the game's thread, or while it waits (docs/GUIDE.md, \"Threads\").";

    /// <summary>A model's OnAfterDeserialize threw: the game refused what the save holds.</summary>
    public static SaveCorruptedException AfterDeserializeFailed(string type, Exception e) =>
        new($"The payload's {type} was refused by the game ({e.Message}).", innerException: e);

    /// <summary>A value of a [Union] base whose exact type is none of its cases: it could never be loaded.</summary>
    public static SaveEncodingException NotAUnionCase(string union, Type type) =>
        new($"The game holds a {type.FullName} where {union} expects one of its [Union] cases, so the save could never be loaded: "
            + $"nothing was written. Add [Union(key, typeof({type.Name}))] to {union}.");

    /// <summary>A [Union] key this build does not know: a newer game's kind of value.</summary>
    public static NewerValueException UnknownUnionCase(string union, int key) =>
        new($"a kind of {union} (union key {key}) that this version of the game does not know");

    /// <summary>A union case this build does not know, by the name a format gave it: a newer game's kind of value.</summary>
    public static NewerValueException UnknownUnionCase(string union, string caseName) =>
        new($"a kind of {union} ('{caseName}') that this version of the game does not know");

    /// <summary>A value of an enum that does not declare it (and is not [AllowUndefinedValues]): it could never be loaded.</summary>
    public static SaveEncodingException UndefinedEnumAtSave<T>(string enumType, T value)
        where T : struct, Enum =>
        new($"The game holds {value:D} as a {enumType}, which is none of that enum's values, so the save could never be loaded: "
            + $"nothing was written. Use one of its values, or mark {enumType} [AllowUndefinedValues] to keep such values.");

    /// <summary>A value of an enum that does not declare it: a newer game's value, or an edit.</summary>
    public static NewerValueException UndefinedEnumAtLoad<T>(string enumType, T value)
        where T : struct, Enum => UnknownEnumValue(enumType, value.ToString("D"));

    /// <summary>A name an enum written by name does not have: a newer game's value, or an edit.</summary>
    public static NewerValueException UnknownEnumName(string enumType, string name) => UnknownEnumValue(enumType, $"'{name}'");

    private static NewerValueException UnknownEnumValue(string enumType, string value) =>
        new($"{value} as a {enumType}, which is none of the values this version of the game knows");

    /// <summary>
    /// An exception filter of the generated readers: notes <paramref name="step"/> (a member's name, or null between
    /// members) as one step of the path to where <paramref name="e"/> was thrown, innermost first, and lets it pass.
    /// The load that catches it names the path (<see cref="TakePath"/>); the readers pay for it only when one throws.
    /// </summary>
    public static bool Trace(Exception e, string? step)
    {
        if (step is not null)
        {
            TraceOf(e).Steps.Add(step);
        }

        return false;
    }

    /// <summary>
    /// The exception filter of a generated MessagePack writer in a model whose types can contain themselves: notes the
    /// object or collection <paramref name="value"/> the exception passed, and for an object the member
    /// <paramref name="step"/> it was writing, so that a refusal of nesting can name the cycle it met (<see cref="CycleRefusal{T}"/>).
    /// </summary>
    public static bool TraceWrite(Exception e, string? step, object? value)
    {
        TraceOf(e).Writes.Add((step, value));
        return false;
    }

    /// <summary>This thread's trace of <paramref name="e"/>'s path, begun anew when another exception left the last one.</summary>
    private static PathTrace TraceOf(Exception e)
    {
        var trace = _trace ??= new PathTrace();
        if (!ReferenceEquals(trace.Source, e))
        {
            trace.Source = e;
            trace.Steps.Clear();
            trace.Writes.Clear();
        }

        return trace;
    }

    /// <summary>
    /// When <paramref name="e"/> refused a save for nesting too deep (<see cref="Nest"/>) and the game holds a cycle, the
    /// refusal naming it: where the game reaches an object it is already inside, and where that object is
    /// ("Rooms[3].Exits[0].Target is Rooms[3] again"). The path comes from writing the game once more, as MessagePack into a
    /// scratch buffer, until the same refusal; its callbacks don't run again. Null otherwise. Call it once the refused walk
    /// has unwound (in a catch block, not a filter): until then its levels still count.
    /// </summary>
    internal static SaveEncodingException? CycleRefusal<T>(SaveModelCodec<T> codec, T content, Exception e)
    {
        if (NestingRefusalIn(e) is not { } refusal)
        {
            return null;
        }

        _nestingRefusal = null;
        List<(string? Step, object? Value)> walk;
        try
        {
            var scratch = new System.Buffers.ArrayBufferWriter<byte>();
            var writer = new MessagePackWriter(scratch);
            using var snapshot = EnterSnapshot();
            codec.Write(ref writer, content);
            return null;
        }
        catch (SaveEncodingException again) when (ReferenceEquals(again, _nestingRefusal) && _trace is { } trace && ReferenceEquals(trace.Source, again))
        {
            walk = [.. trace.Writes];
            walk.Reverse();
            trace.Source = null;
            trace.Writes.Clear();
        }
        catch (Exception other) when (IsGameCodeFailure(other) || other is SaveException)
        {
            return null;
        }

        // The path to each value the walk entered: an object's member, a collection's index or key of the next value.
        var paths = new string[walk.Count];
        string path = "";
        for (int i = 0; i < walk.Count; i++)
        {
            paths[i] = path;
            var (step, value) = walk[i];
            string next = step ?? (value is not null && i + 1 < walk.Count ? StepInto(value, walk[i + 1].Value) : "[?]");
            path = path.Length == 0 ? next.TrimStart('.') : Join(path, next);
        }

        for (int j = 1; j < walk.Count; j++)
        {
            for (int i = 0; i < j; i++)
            {
                if (walk[j].Value is { } again && ReferenceEquals(walk[i].Value, again))
                {
                    string first = i == 0 ? "the game's root" : paths[i];
                    return new SaveEncodingException(
                        $"The game holds a cycle: {paths[j]} is {first} again, an object inside itself, and no save can hold one: nothing was "
                        + "written. Keep an id or an index where the game refers back (a save writes every reference as a copy of its own).",
                        innerException: refusal);
                }
            }
        }

        return null;
    }

    /// <summary>
    /// The refusal <see cref="Nest"/> threw last on this thread, when <paramref name="e"/> is it or wraps it (protobuf-net
    /// wraps what a map entry's writer throws).
    /// </summary>
    internal static SaveEncodingException? NestingRefusalIn(Exception e)
    {
        for (Exception? inner = e; inner is not null; inner = inner.InnerException)
        {
            if (inner is SaveEncodingException refusal && ReferenceEquals(refusal, _nestingRefusal))
            {
                return refusal;
            }
        }

        return null;
    }

    private static string StepInto(object collection, object? child)
    {
        if (collection is System.Collections.IDictionary map)
        {
            foreach (System.Collections.DictionaryEntry entry in map)
            {
                if (ReferenceEquals(entry.Value, child))
                {
                    return Index(entry.Key);
                }
            }
        }
        else if (collection is System.Collections.IEnumerable items)
        {
            int index = 0;
            foreach (var item in items)
            {
                if (ReferenceEquals(item, child))
                {
                    return Index(index);
                }

                index++;
            }
        }

        return "[?]";
    }

    /// <summary><see cref="Trace(Exception, string)"/> for a collection's item, by its index.</summary>
    public static bool Trace(Exception e, int index) => Trace(e, Index(index));

    /// <summary><see cref="Trace(Exception, string)"/> for a member, and for its item at <paramref name="index"/> when not negative.</summary>
    public static bool TraceItem(Exception e, string? member, int index)
    {
        if (member is not null && index >= 0)
        {
            Trace(e, Index(index));
        }

        return Trace(e, member);
    }

    /// <summary><see cref="Trace(Exception, string)"/> for a dictionary's value, by its key (null while the key is read).</summary>
    public static bool TraceKey<TKey>(Exception e, TKey key, bool read) => read && Trace(e, Index(key));

    /// <summary>
    /// The path the generated readers traced to where <paramref name="e"/> was thrown on this thread ("Colony.Units[2].Rank"),
    /// or null when they traced none; forgets it either way.
    /// </summary>
    internal static string? TakePath(Exception e)
    {
        var trace = _trace;
        if (trace is null || !ReferenceEquals(trace.Source, e) || trace.Steps.Count == 0)
        {
            return null;
        }

        string path = trace.Steps[^1];
        for (int i = trace.Steps.Count - 2; i >= 0; i--)
        {
            path = Join(path, trace.Steps[i]);
        }

        trace.Source = null;
        trace.Steps.Clear();
        return path;
    }

    private sealed class PathTrace
    {
        public Exception? Source { get; set; }

        public List<string> Steps { get; } = [];

        public List<(string? Step, object? Value)> Writes { get; } = [];
    }

    /// <summary>A dictionary in the payload holds a key twice.</summary>
    public static SaveCorruptedException DuplicateKey<TKey>(TKey key) =>
        new(string.Create(CultureInfo.InvariantCulture, $"The payload's map holds the key '{key}' twice."));

    /// <summary>An object whose map names one of its members twice: which value is meant can't be known.</summary>
    public static SaveCorruptedException DuplicateMember(string type, string key) =>
        new($"The saved {type} names its member '{key}' twice.");

    /// <summary>A path and the path inside it: "Rooms" and "[3].Name" make "Rooms[3].Name".</summary>
    public static string Join(string place, string inside) => inside.StartsWith('[') ? place + inside : place + "." + inside;

    /// <summary>The path step of a list's element.</summary>
    public static string Index(int index) => "[" + index.ToString(CultureInfo.InvariantCulture) + "]";

    /// <summary>The path step of a dictionary's value.</summary>
    public static string Index<TKey>(TKey key) => string.Create(CultureInfo.InvariantCulture, $"[{key}]");

    /// <summary>The path step of a multi-dimensional array's cell, from its index among all cells.</summary>
    public static string Index(Array array, int flat)
    {
        ArgumentNullException.ThrowIfNull(array);
        var indices = new int[array.Rank];
        for (int d = array.Rank - 1; d >= 0; d--)
        {
            indices[d] = flat % array.GetLength(d);
            flat /= array.GetLength(d);
        }

        return "[" + string.Join(",", indices) + "]";
    }

    /// <summary>Translates each name of a flags enum's "A, B" text through <paramref name="names"/>, as MessagePack's EnumAsStringFormatter does.</summary>
    public static string TranslateFlags(string text, IReadOnlyDictionary<string, string> names)
    {
        ArgumentNullException.ThrowIfNull(text);
        ArgumentNullException.ThrowIfNull(names);
        if (!text.Contains(", ", StringComparison.Ordinal))
        {
            return names.TryGetValue(text, out var single) ? single : text;
        }

        var parts = text.Split(", ");
        for (int i = 0; i < parts.Length; i++)
        {
            parts[i] = names.TryGetValue(parts[i], out var translated) ? translated : parts[i];
        }

        return string.Join(", ", parts);
    }

    private static int HeaderLength(int bytes) => bytes switch
    {
        <= 31 => 1,
        <= byte.MaxValue => 2,
        <= ushort.MaxValue => 3,
        _ => 5,
    };

    /// <summary>Whether a nil was met since the last call, on this thread.</summary>
    internal static bool TakeMissingRead()
    {
        bool missing = _missingRead;
        _missingRead = false;
        return missing;
    }

    /// <summary>Marks this thread's writes as a snapshot's until disposed.</summary>
    internal static SnapshotScope EnterSnapshot()
    {
        _writingSnapshot = true;
        return default;
    }

    internal readonly struct SnapshotScope : IDisposable
    {
        public void Dispose() => _writingSnapshot = false;
    }
}

/// <summary>A generated writer met null in a member the model declares non-nullable: a save with it could never be loaded.</summary>
internal sealed class MissingValueException : InvalidOperationException
{
    public MissingValueException()
    {
        TypeName = MemberName = "";
    }

    public MissingValueException(string message)
        : base(message)
    {
        TypeName = MemberName = "";
    }

    public MissingValueException(string message, Exception innerException)
        : base(message, innerException)
    {
        TypeName = MemberName = "";
    }

    public MissingValueException(string type, string member)
        : base($"{type}.{member} holds null, which its declaration does not allow.")
    {
        TypeName = type;
        MemberName = member;
    }

    public string TypeName { get; }

    public string MemberName { get; }
}

/// <summary>
/// A generated reader met a value this build can't hold (a union case or an enum value it lacks, a number beyond its
/// member's type): a newer release of the game may have written it. The load names where and what to do.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public sealed class NewerValueException : Exception
{
    public NewerValueException()
    {
        What = "";
    }

    /// <param name="what">The value, as the object of "The save holds ...".</param>
    public NewerValueException(string what)
        : base($"The save holds {what}.")
    {
        What = what;
    }

    public NewerValueException(string what, Exception innerException)
        : base($"The save holds {what}.", innerException)
    {
        What = what;
    }

    /// <summary>The value, as the object of "The save holds ...".</summary>
    public string What { get; }

    /// <summary>Where in the game the value was met, when the readers traced it.</summary>
    public string? Path { get; internal set; }
}

/// <summary>A generated writer met text that is not valid Unicode (a lone surrogate): UTF-8 can't carry it, so it would not load back.</summary>
internal sealed class InvalidTextException : InvalidOperationException
{
    public InvalidTextException()
    {
        Text = "";
    }

    public InvalidTextException(string text)
        : base($"The text \"{Excerpt(text)}\" holds a lone surrogate (half of a character), which UTF-8 can't carry.")
    {
        Text = text;
    }

    public InvalidTextException(string message, Exception innerException)
        : base(message, innerException)
    {
        Text = "";
    }

    public string Text { get; }

    /// <summary>The text's start, with each surrogate and control character shown as \uXXXX.</summary>
    internal static string Excerpt(string text)
    {
        var excerpt = new System.Text.StringBuilder();
        foreach (char c in text.AsSpan(0, Math.Min(text.Length, 40)))
        {
            excerpt.Append(char.IsSurrogate(c) || char.IsControl(c) ? $"\\u{(int)c:X4}" : c.ToString());
        }

        return text.Length > 40 ? excerpt.Append("...").ToString() : excerpt.ToString();
    }
}
