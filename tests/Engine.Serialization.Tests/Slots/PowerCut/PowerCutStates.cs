namespace Engine.Serialization.Tests.Slots.PowerCut;

/// <summary>A folder's files as a power cut may leave them on disk, and how it came to that.</summary>
internal sealed record DiskState(int CrashPoint, IReadOnlyDictionary<string, byte[]> Files, string Description);

/// <summary>
/// Every state a Linux file system may leave on disk when the power fails after the first k operations of a save,
/// for each k. A file's writes since its last fsync are each on disk, lost, zero-filled (the size grew, the data did
/// not land) or cut short (only its first half); the folder's name changes (create, link, rename, unlink) since its
/// last fsync are each kept or lost, independently of one another: POSIX orders none of them, so this takes in every
/// order a file system could write them in. What an fsync covered is on disk: a file's data, or a folder's names.
/// </summary>
internal static class PowerCutStates
{
    private enum Fate
    {
        OnDisk,
        Lost,
        Zeroed,
        CutShort,
    }

    public static IEnumerable<DiskState> All(IReadOnlyDictionary<string, byte[]> before, IReadOnlyList<FolderOperation> operations)
    {
        for (int point = 0; point <= operations.Count; point++)
        {
            var disk = new Disk(before);
            foreach (var operation in operations.Take(point))
            {
                disk.Apply(operation);
            }

            foreach (var state in disk.PowerCuts(point, point == 0 ? "before the save" : $"after {operations[point - 1]}"))
            {
                yield return state;
            }
        }
    }

    /// <summary>
    /// For each write of <paramref name="operations"/>, every name its file may have on disk if the power fails then:
    /// the names the folder's last fsync made durable, and those of the name changes since, each kept or lost.
    /// </summary>
    public static IEnumerable<(Written Write, IReadOnlyList<string> Names)> NamesAtEachWrite(
        IReadOnlyDictionary<string, byte[]> before, IReadOnlyList<FolderOperation> operations)
    {
        var disk = new Disk(before);
        foreach (var operation in operations)
        {
            if (operation is Written write)
            {
                yield return (write, disk.PossibleNamesOf(write.Name));
            }

            disk.Apply(operation);
        }
    }

    /// <summary>A file's data, apart from its names: what its last fsync put on disk, and the writes since.</summary>
    private sealed class Inode(byte[] synced)
    {
        private byte[] _synced = synced;

        public List<Written> Unsynced { get; } = [];

        public void Sync()
        {
            _synced = Contents([.. Unsynced.Select(_ => Fate.OnDisk)]);
            Unsynced.Clear();
        }

        public byte[] Contents(IReadOnlyList<Fate> fates)
        {
            using var file = new MemoryStream();
            file.Write(_synced);
            foreach (var (write, fate) in Unsynced.Zip(fates))
            {
                // Writing past the end zero-fills the gap, as a file system does for the hole an earlier lost write leaves.
                file.Position = write.Offset;
                file.Write(fate switch
                {
                    Fate.OnDisk => write.Data,
                    Fate.Zeroed => new byte[write.Data.Length],
                    Fate.CutShort => write.Data[..(write.Data.Length / 2)],
                    _ => [],
                });
            }

            return file.ToArray();
        }
    }

    /// <summary>A name removed, added (pointing to a file), or both: the part of a folder operation a power cut may lose.</summary>
    private sealed record NameChange(FolderOperation Operation, string? Removed, string? Added, Inode? File)
    {
        public void ApplyTo(Dictionary<string, Inode> names)
        {
            if (Removed is not null)
            {
                names.Remove(Removed);
            }

            if (Added is not null)
            {
                names[Added] = File!;
            }
        }
    }

    private sealed class Disk
    {
        private readonly Dictionary<string, Inode> _names;
        private readonly List<NameChange> _unsyncedChanges = [];
        private Dictionary<string, Inode> _syncedNames;

        public Disk(IReadOnlyDictionary<string, byte[]> files)
        {
            _names = files.ToDictionary(file => file.Key, file => new Inode(file.Value));
            _syncedNames = new(_names);
        }

        public void Apply(FolderOperation operation)
        {
            switch (operation)
            {
                case Created(var name) when !_names.ContainsKey(name):
                    Change(new NameChange(operation, null, name, new Inode([])));
                    break;
                case Written write:
                    _names[write.Name].Unsynced.Add(write);
                    break;
                case Synced(var name):
                    _names[name].Sync();
                    break;
                case FolderSynced:
                    _syncedNames = new(_names);
                    _unsyncedChanges.Clear();
                    break;
                case Linked(var from, var to):
                    Change(new NameChange(operation, null, to, _names[from]));
                    break;
                case Renamed(var from, var to):
                    Change(new NameChange(operation, from, to, _names[from]));
                    break;
                case Unlinked(var name):
                    Change(new NameChange(operation, name, null, null));
                    break;
            }
        }

        /// <summary>The names the file now named <paramref name="name"/> has on disk, or gets from a name change not yet durable.</summary>
        public List<string> PossibleNamesOf(string name)
        {
            var inode = _names[name];
            return [.. _syncedNames.Where(entry => entry.Value == inode).Select(entry => entry.Key)
                .Concat(_unsyncedChanges.Where(change => change.File == inode).Select(change => change.Added!)).Distinct()];
        }

        /// <summary>Each subset of the unsynced name changes kept, times each fate of each unsynced write to a file still named.</summary>
        public IEnumerable<DiskState> PowerCuts(int point, string when)
        {
            for (int kept = 0; kept < 1 << _unsyncedChanges.Count; kept++)
            {
                var names = new Dictionary<string, Inode>(_syncedNames);
                var lost = new List<FolderOperation>();
                for (int i = 0; i < _unsyncedChanges.Count; i++)
                {
                    if ((kept & (1 << i)) != 0)
                    {
                        _unsyncedChanges[i].ApplyTo(names);
                    }
                    else
                    {
                        lost.Add(_unsyncedChanges[i].Operation);
                    }
                }

                var inodes = names.Values.Distinct().ToList();
                int writes = inodes.Sum(inode => inode.Unsynced.Count);
                var fates = new Fate[writes];
                for (int combination = 0; combination < 1 << (2 * writes); combination++)
                {
                    for (int i = 0, rest = combination; i < writes; i++, rest /= 4)
                    {
                        fates[i] = (Fate)(rest % 4);
                    }

                    var contents = new Dictionary<Inode, byte[]>();
                    int first = 0;
                    foreach (var inode in inodes)
                    {
                        contents[inode] = inode.Contents(fates[first..(first += inode.Unsynced.Count)]);
                    }

                    string lostText = lost.Count == 0 ? "no name change lost" : "lost: " + string.Join(", ", lost);
                    string fatesText = writes == 0 ? "" : "; unsynced writes: " + string.Join(", ", fates);
                    yield return new DiskState(point, names.ToDictionary(name => name.Key, name => contents[name.Value]), $"{when}; {lostText}{fatesText}");
                }
            }
        }

        private void Change(NameChange change)
        {
            change.ApplyTo(_names);
            _unsyncedChanges.Add(change);
        }
    }
}
