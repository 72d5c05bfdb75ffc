using Engine.Serialization.Container;
using Engine.Serialization.Errors;

namespace Engine.Serialization.IO;

/// <summary>Reads a whole save from a stream into memory, refusing more than the limits allow.</summary>
internal static class StreamReading
{
    private const int ChunkSize = 81920;

    public static ReadOnlyMemory<byte> ReadAll(Stream stream, LoadOptions limits)
    {
        ArgumentNullException.ThrowIfNull(stream);
        try
        {
            return ReadWithinLimits(stream, limits);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw Refused(e);
        }
    }

    public static async Task<ReadOnlyMemory<byte>> ReadAllAsync(Stream stream, LoadOptions limits, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(stream);
        try
        {
            return await ReadWithinLimitsAsync(stream, limits, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw Refused(e);
        }
    }

    /// <summary>
    /// The stream failed while the save was read from it (a file's read names the file on its way out): the save
    /// system's exception, so that a game catching <see cref="SaveException"/> catches this too.
    /// </summary>
    private static SaveIOException Refused(Exception e) => new($"The save could not be read ({e.Message}).", innerException: e);

    private static ReadOnlyMemory<byte> ReadWithinLimits(Stream stream, LoadOptions limits)
    {
        if (stream.CanSeek)
        {
            byte[] data = FreshMemory.Array<byte>(RemainingWithinLimits(stream, limits));
            stream.ReadExactly(data);
            return data;
        }

        var buffer = new MemoryStream();
        byte[] chunk = new byte[ChunkSize];
        int read;
        while ((read = stream.Read(chunk)) > 0)
        {
            Append(buffer, chunk.AsSpan(0, read), limits);
        }

        return buffer.GetBuffer().AsMemory(0, (int)buffer.Length);
    }

    private static async Task<ReadOnlyMemory<byte>> ReadWithinLimitsAsync(Stream stream, LoadOptions limits, CancellationToken cancellationToken)
    {
        if (stream.CanSeek)
        {
            byte[] data = FreshMemory.Array<byte>(RemainingWithinLimits(stream, limits));
            await stream.ReadExactlyAsync(data, cancellationToken).ConfigureAwait(false);
            return data;
        }

        var buffer = new MemoryStream();
        byte[] chunk = new byte[ChunkSize];
        int read;
        while ((read = await stream.ReadAsync(chunk, cancellationToken).ConfigureAwait(false)) > 0)
        {
            Append(buffer, chunk.AsSpan(0, read), limits);
        }

        return buffer.GetBuffer().AsMemory(0, (int)buffer.Length);
    }

    /// <summary>The largest file the limits let a load read: no larger than the memory a whole load may use.</summary>
    private static long MaxFileBytes(LoadOptions limits) =>
        Math.Min(Math.Min((long)SaveContainer.HeaderSize + limits.MaxMetadataBytes + limits.MaxPayloadBytes, limits.MaxMemoryBytes), Array.MaxLength);

    private static int RemainingWithinLimits(Stream stream, LoadOptions limits)
    {
        long remaining = stream.Length - stream.Position;
        return remaining <= MaxFileBytes(limits)
            ? (int)remaining
            : throw new SaveTooLargeException($"The save is {remaining:N0} bytes; the limits allow {MaxFileBytes(limits):N0}.");
    }

    private static void Append(MemoryStream buffer, ReadOnlySpan<byte> chunk, LoadOptions limits)
    {
        if (buffer.Length + chunk.Length > MaxFileBytes(limits))
        {
            throw new SaveTooLargeException($"The save is larger than the {MaxFileBytes(limits):N0} bytes the limits allow.");
        }

        buffer.Write(chunk);
    }
}
