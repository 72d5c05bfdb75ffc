namespace Engine.Serialization.Tools;

/// <summary>
/// One command's arguments: positionals, <c>--name value</c> options (some may repeat) and <c>--flag</c> switches.
/// Anything the command doesn't declare is a usage error.
/// </summary>
internal sealed class ToolArguments
{
    private readonly Dictionary<string, List<string>> _values = new(StringComparer.Ordinal);
    private readonly HashSet<string> _flags = new(StringComparer.Ordinal);
    private readonly List<string> _positionals = [];
    private readonly string _command;

    private ToolArguments(string command) => _command = command;

    public IReadOnlyList<string> Positionals => _positionals;

    /// <param name="command">The command's name, for messages.</param>
    /// <param name="args">The arguments after the command's name.</param>
    /// <param name="options">The options that take a value, such as "--path".</param>
    /// <param name="flags">The options that stand alone, such as "--json".</param>
    /// <param name="repeatable">The options that may be given more than once, such as "--set".</param>
    public static ToolArguments Parse(string command, IEnumerable<string> args, string[] options, string[] flags, string[]? repeatable = null)
    {
        var parsed = new ToolArguments(command);
        using var arg = args.GetEnumerator();
        while (arg.MoveNext())
        {
            string name = arg.Current;
            if (name.Length == 0)
            {
                throw ToolException.Usage($"'{command}' was given an empty argument");
            }

            if (options.Contains(name))
            {
                if (!arg.MoveNext())
                {
                    throw ToolException.Usage($"'{command} {name}' needs a value");
                }

                var values = parsed._values.TryGetValue(name, out var list) ? list : parsed._values[name] = [];
                if (values.Count > 0 && repeatable?.Contains(name) != true)
                {
                    throw ToolException.Usage($"'{name}' is given twice");
                }

                values.Add(arg.Current);
            }
            else if (flags.Contains(name))
            {
                parsed._flags.Add(name);
            }
            else if (name.StartsWith("--", StringComparison.Ordinal))
            {
                throw ToolException.Usage($"'{command}' has no option '{name}'");
            }
            else
            {
                parsed._positionals.Add(name);
            }
        }

        return parsed;
    }

    public string? Value(string option) => _values.TryGetValue(option, out var values) ? values[0] : null;

    public IReadOnlyList<string> Values(string option) => _values.TryGetValue(option, out var values) ? values : [];

    public bool Flag(string flag) => _flags.Contains(flag);

    /// <summary>Exactly <paramref name="count"/> positionals, named in the message when they are not.</summary>
    public IReadOnlyList<string> Exactly(int count, string what)
    {
        if (_positionals.Count != count)
        {
            throw ToolException.Usage($"'{_command}' takes {what}");
        }

        return _positionals;
    }
}
