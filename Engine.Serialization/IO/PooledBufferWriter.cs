using System.Buffers;

namespace Engine.Serialization.IO;

/// <summary>
/// A growable buffer over arrays rented from the shared pool. A Large save passes through three
/// buffers of ~20 MB (payload, compressed, file); fresh arrays that size land on the large-object
/// heap each save and bring gen-2 collections into the running game. Dispose returns the array.
/// </summary>
internal sealed class PooledBufferWriter : IBufferWriter<byte>, IDisposable
{
    private const int InitialCapacity = 4096;

    private byte[] _buffer;
    private int _written;

    public PooledBufferWriter(int initialCapacity = InitialCapacity) =>
        _buffer = ArrayPool<byte>.Shared.Rent(Math.Max(initialCapacity, InitialCapacity));

    public int WrittenCount => _written;

    public ReadOnlySpan<byte> WrittenSpan => _buffer.AsSpan(0, _written);

    public ReadOnlyMemory<byte> WrittenMemory => _buffer.AsMemory(0, _written);

    public void Advance(int count)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(count);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(count, _buffer.Length - _written);
        _written += count;
    }

    public Memory<byte> GetMemory(int sizeHint = 0)
    {
        EnsureFree(sizeHint);
        return _buffer.AsMemory(_written);
    }

    public Span<byte> GetSpan(int sizeHint = 0)
    {
        EnsureFree(sizeHint);
        return _buffer.AsSpan(_written);
    }

    public void Dispose()
    {
        byte[] buffer = _buffer;
        _buffer = [];
        _written = 0;
        if (buffer.Length > 0)
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    private void EnsureFree(int sizeHint)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(sizeHint);
        ObjectDisposedException.ThrowIf(_buffer.Length == 0, this);
        int needed = Math.Max(sizeHint, 1);
        if (_buffer.Length - _written >= needed)
        {
            return;
        }

        long required = (long)_written + needed;
        if (required > Array.MaxLength)
        {
            throw new OutOfMemoryException($"A save buffer can't grow past {Array.MaxLength:N0} bytes.");
        }

        int capacity = (int)Math.Min(Math.Max(required, 2L * _buffer.Length), Array.MaxLength);
        byte[] grown = ArrayPool<byte>.Shared.Rent(capacity);
        WrittenSpan.CopyTo(grown);
        ArrayPool<byte>.Shared.Return(_buffer);
        _buffer = grown;
    }
}
