using System.Buffers;
using System.ComponentModel;
using System.Runtime.CompilerServices;
using MessagePack;

namespace Engine.Serialization.Models;

/// <summary>
/// The members of one loaded object that this build's model does not have (a newer game wrote them), kept as their
/// raw MessagePack key/value bytes beside the object they came from and written back after its known members, so
/// an older game that loads a newer save and saves it again loses nothing. Kept for class instances only: a struct
/// has no identity to keep them by. Used by generated code.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public sealed class UnknownMembers
{
    private static readonly ConditionalWeakTable<object, UnknownMembers> Kept = new();

    // Until an object has kept something, saving never looks the table up.
    private static volatile bool _anyKept;

    private readonly byte[] _pairs;

    private UnknownMembers(int count, byte[] pairs)
    {
        Count = count;
        _pairs = pairs;
    }

    /// <summary>How many key/value pairs are kept.</summary>
    public int Count { get; }

    /// <summary>The members kept with <paramref name="value"/>, or null.</summary>
    public static UnknownMembers? Of(object value) => _anyKept && Kept.TryGetValue(value, out var kept) ? kept : null;

    /// <summary>Gives <paramref name="copy"/> the members kept with <paramref name="original"/> (they are immutable, so shared).</summary>
    public static void Copy(object original, object copy)
    {
        if (Of(original) is { } kept)
        {
            Kept.AddOrUpdate(copy, kept);
        }
    }

    /// <summary>Writes the kept pairs; the map header written before them counted <see cref="Count"/>.</summary>
    public void WriteTo(ref MessagePackWriter writer) => writer.WriteRaw(_pairs);

    /// <summary>Collects the unknown pairs met while one object is read.</summary>
    public struct Collector
    {
        private ArrayBufferWriter<byte>? _pairs;
        private int _count;

        /// <summary>Skips the value after an unknown key that started at <paramref name="keyStart"/>, keeping both.</summary>
        public void Add(ref MessagePackReader reader, SequencePosition keyStart)
        {
            reader.Skip();
            var pair = reader.Sequence.Slice(keyStart, reader.Position);
            _pairs ??= new ArrayBufferWriter<byte>((int)Math.Min(pair.Length, 4096));
            foreach (var segment in pair)
            {
                _pairs.Write(segment.Span);
            }

            _count++;
        }

        /// <summary>Keeps what was collected with the object just read.</summary>
        public readonly void KeepWith(object value)
        {
            if (_count > 0)
            {
                Kept.AddOrUpdate(value, new UnknownMembers(_count, _pairs!.WrittenSpan.ToArray()));
                _anyKept = true;
            }
        }
    }
}
