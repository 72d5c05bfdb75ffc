using Engine.Serialization.Errors;
using Engine.Serialization.Models;
using Engine.Serialization.Slots;

namespace Engine.Serialization.Tools;

/// <summary>
/// A game's frozen saves: saves its releases wrote, kept in its tests for good, so that no later change of the model or
/// a migration step can break saves already on players' disks. <c>savetool freeze</c> (or <see cref="Freeze"/>) puts a
/// save under <c>FOLDER/MODEL-ID/schema-N/</c> and never rewrites one; a game's test loads every one with
/// <see cref="LoadAll{T}"/>, in every later release.
/// </summary>
public static class SaveFixtures
{
    /// <summary>The folder the saves of <paramref name="modelId"/> at schema <paramref name="schemaVersion"/> are frozen in.</summary>
    public static string FolderOf(string fixtures, string modelId, int schemaVersion)
    {
        ArgumentException.ThrowIfNullOrEmpty(fixtures);
        ArgumentException.ThrowIfNullOrEmpty(modelId);
        return Path.Combine(fixtures, modelId, $"schema-{schemaVersion}");
    }

    /// <summary>
    /// Freezes a save file's bytes as <paramref name="name"/> in its model's folder for its schema (read from its
    /// header and metadata, which are checked as a load checks them). True when it was written; false when the same
    /// bytes were frozen there already. A different file under that name is refused: a frozen save never changes.
    /// </summary>
    public static bool Freeze(string fixtures, string name, ReadOnlyMemory<byte> save, out string path)
    {
        ArgumentException.ThrowIfNullOrEmpty(name);
        if (Path.GetFileName(name) != name)
        {
            throw new ArgumentException($"A fixture's name is a file name, not a path: '{name}'.", nameof(name));
        }

        var info = SaveSerializer.ReadPayload(save).Info;
        string folder = FolderOf(fixtures, info.Metadata.ModelId, info.Header.SchemaVersion);
        path = Path.Combine(folder, name);
        if (File.Exists(path))
        {
            return File.ReadAllBytes(path).AsSpan().SequenceEqual(save.Span)
                ? false
                : throw new IOException($"{path} is frozen already with other bytes: a frozen save never changes; freeze this one under another name.");
        }

        Directory.CreateDirectory(folder);
        using (var file = new FileStream(path, FileMode.CreateNew, FileAccess.Write))
        {
            file.Write(save.Span);
            file.Flush(flushToDisk: true);
        }

        return true;
    }

    /// <summary>
    /// Every save frozen for <typeparamref name="T"/>'s model under <paramref name="fixtures"/> (every schema's folder),
    /// loaded as the game loads it, through its migrations, with <see cref="LoadOptions.CheckMigrationSteps"/> on: a
    /// step that changes nothing in a save it was meant to change fails. A save that doesn't load throws, naming its
    /// file; no frozen save at all throws too, so that a test over a misspelt folder can't pass on nothing.
    /// </summary>
    public static IReadOnlyList<FrozenSave<T>> LoadAll<T>(string fixtures)
    {
        string modelFolder = Path.Combine(fixtures, SaveModels.IdOf<T>());
        var files = Directory.Exists(modelFolder)
            ? Directory.EnumerateFiles(modelFolder, "*" + SaveSlotStore.FileExtension, SearchOption.AllDirectories).Order(StringComparer.Ordinal).ToList()
            : [];
        if (files.Count == 0)
        {
            throw new InvalidOperationException($"No frozen save of '{SaveModels.IdOf<T>()}' in {modelFolder}: freeze some with 'savetool freeze'.");
        }

        var options = new LoadOptions { CheckMigrationSteps = true };
        return [.. files.Select(file =>
        {
            byte[] bytes = File.ReadAllBytes(file);
            try
            {
                return new FrozenSave<T>(file, SaveSerializer.ReadPayload(bytes).Info.Header.SchemaVersion, SaveSerializer.Load<T>(bytes, options));
            }
            catch (SaveException e)
            {
                e.FilePath ??= file;
                throw;
            }
            catch (InvalidOperationException e)
            {
                throw new InvalidOperationException($"{file}: {e.Message}", e);
            }
        })];
    }
}

/// <summary>A frozen save as the game loads it today: its file, the schema it was saved at, and the game.</summary>
public sealed record FrozenSave<T>(string Path, int SchemaVersion, T Game);
