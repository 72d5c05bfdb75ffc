using Engine.Serialization.Documents;
using Engine.Serialization.Errors;

namespace Engine.Serialization.Migrations;

/// <summary>
/// The chain of steps from the oldest schema a build can load to its current one. The schema
/// version goes up only for breaking changes (additive ones need none: string keys), and each
/// version on the way has exactly one step.
/// </summary>
public sealed class SchemaMigrations
{
    /// <summary>The root member that holds the schema version in models that have one; each step's result gets the next one.</summary>
    public const string SchemaVersionMember = "SchemaVersion";

    private readonly ISchemaMigration[] _steps;

    public SchemaMigrations(int currentVersion, IEnumerable<ISchemaMigration> steps)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(currentVersion, 1);
        ArgumentNullException.ThrowIfNull(steps);
        _steps = [.. steps.OrderBy(step => step.FromVersion)];
        CurrentVersion = currentVersion;
        OldestVersion = _steps.Length == 0 ? currentVersion : _steps[0].FromVersion;
        for (int i = 0; i < _steps.Length; i++)
        {
            if (_steps[i].FromVersion != OldestVersion + i || _steps[i].FromVersion >= currentVersion)
            {
                throw new ArgumentException(
                    $"Migration steps must go one version at a time up to {currentVersion}, once each: found '{_steps[i].Description}' from version {_steps[i].FromVersion}.",
                    nameof(steps));
            }
        }

        if (_steps.Length > 0 && _steps[^1].FromVersion != currentVersion - 1)
        {
            throw new ArgumentException($"No migration step brings version {currentVersion - 1} to {currentVersion}.", nameof(steps));
        }
    }

    public int CurrentVersion { get; }

    /// <summary>The oldest schema a save can have and still be migrated.</summary>
    public int OldestVersion { get; }

    /// <summary>
    /// The payload of a save of <paramref name="schemaVersion"/> as the current schema has it: unchanged when it is
    /// current, migrated step by step on the document <paramref name="open"/> makes of it when older (null: a protobuf
    /// save whose model this build lacks, so nothing names its fields), refused when newer. With <paramref name="checkSteps"/> (a game's tests of its older
    /// saves), a step that changes nothing in the document, or renames or removes a member no object has, fails with an
    /// <see cref="InvalidOperationException"/> naming the step.
    /// </summary>
    public ReadOnlyMemory<byte> Upgrade(int schemaVersion, ReadOnlyMemory<byte> payload, Func<ReadOnlyMemory<byte>, SaveDocument?> open, bool checkSteps = false)
    {
        ArgumentNullException.ThrowIfNull(open);
        if (schemaVersion == CurrentVersion)
        {
            return payload;
        }

        if (schemaVersion > CurrentVersion)
        {
            throw new UnsupportedSaveVersionException(
                $"The save was made by a newer version of the game (save schema {schemaVersion}; this version reads up to {CurrentVersion}): update the game to load it.");
        }

        if (schemaVersion < OldestVersion)
        {
            throw new UnsupportedSaveVersionException(
                $"The save is from schema {schemaVersion}, older than this version of the game can bring up to date (oldest {OldestVersion}): load and save it once in an earlier version of the game.");
        }

        var document = open(payload) ?? throw ProtobufDocument.NoRecord(modelId: null, schemaVersion, CurrentVersion);
        for (int version = schemaVersion; version < CurrentVersion; version++)
        {
            var step = _steps[version - OldestVersion];
            try
            {
                document.Edits.StartStep();
                step.Apply(document.Root);
                if (checkSteps)
                {
                    Check(step, version, document.Edits);
                }

                if (document.Root.Has(SchemaVersionMember))
                {
                    document.Root.SetInt64(SchemaVersionMember, version + 1);
                }
            }
            catch (Exception e) when (e is not (SaveException or IdleStepException))
            {
                throw new SaveCorruptedException(
                    $"The save could not be brought from schema {version} to {version + 1} ({step.Description}): {e.Message.TrimEnd('.')}.", innerException: e);
            }
        }

        try
        {
            return document.Encode();
        }
        catch (Exception e) when (e is not SaveException)
        {
            throw new SaveCorruptedException(
                $"The save could not be brought up to schema {CurrentVersion} ({_steps[^1].Description}): {e.Message.TrimEnd('.')}.", innerException: e);
        }
    }

    private static void Check(ISchemaMigration step, int version, DocumentEdits edits)
    {
        string? problem = edits.Changes == 0 ? "changed nothing in the save"
            : string.Join(", ", edits.NeverFound) is { Length: > 0 } missed ? $"found no member for its {missed}"
            : null;
        if (problem is not null)
        {
            throw new IdleStepException(
                $"The migration step from schema {version} to {version + 1} ({step.Description}) {problem}: it was meant to change this save (a misspelt member name, or objects it did not reach).");
        }
    }

    /// <summary>A step that did nothing to a save it was meant to change (a check of the steps, not the save's fault).</summary>
    private sealed class IdleStepException(string message) : InvalidOperationException(message);
}
