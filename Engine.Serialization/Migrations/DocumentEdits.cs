namespace Engine.Serialization.Migrations;

/// <summary>
/// What the current migration step did to a document: how many edits it made, and which members it asked to rename or
/// remove that no object had; so that a check of the steps can report one that changed nothing.
/// </summary>
internal sealed class DocumentEdits
{
    private readonly Dictionary<string, bool> _sought = [];

    public int Changes { get; private set; }

    /// <summary>The edits a step asked for that found their member in no object ("rename of 'Nickname'").</summary>
    public IEnumerable<string> NeverFound => _sought.Where(sought => !sought.Value).Select(sought => sought.Key);

    public void StartStep()
    {
        Changes = 0;
        _sought.Clear();
    }

    public void Changed() => Changes++;

    /// <summary>Records an edit of <paramref name="member"/> that found it or not; returns <paramref name="found"/>.</summary>
    public bool Sought(string edit, string member, bool found)
    {
        string key = $"{edit} of '{member}'";
        _sought[key] = found || _sought.GetValueOrDefault(key);
        if (found)
        {
            Changed();
        }

        return found;
    }
}
