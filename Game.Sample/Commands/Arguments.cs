using Engine.Core.Generation;
using Engine.Serialization.Compression;

namespace Game.Sample.Commands;

/// <summary>
/// One command's arguments: positionals, <c>--name value</c> options and <c>--flag</c> switches.
/// Anything the command doesn't declare is a <see cref="UsageException"/>.
/// </summary>
internal sealed class Arguments
{
    public static readonly IReadOnlyDictionary<string, ContentSize> Sizes = new Dictionary<string, ContentSize>(StringComparer.Ordinal)
    {
        ["small"] = ContentSize.Small,
        ["medium"] = ContentSize.Medium,
        ["large"] = ContentSize.Large,
    };

    private readonly Dictionary<string, string> _values = new(StringComparer.Ordinal);
    private readonly HashSet<string> _flags = new(StringComparer.Ordinal);
    private readonly List<string> _positionals = [];
    private readonly string _command;

    private Arguments(string command) => _command = command;

    public IReadOnlyList<string> Positionals => _positionals;

    /// <param name="command">The command's name, for messages.</param>
    /// <param name="args">The arguments after the command's name.</param>
    /// <param name="options">The options that take a value, such as "--out".</param>
    /// <param name="flags">The options that stand alone, such as "--quiet".</param>
    /// <param name="maxPositionals">How many plain arguments the command takes.</param>
    public static Arguments Parse(string command, ReadOnlySpan<string> args, string[] options, string[] flags, int maxPositionals = 0)
    {
        var parsed = new Arguments(command);
        for (int i = 0; i < args.Length; i++)
        {
            string arg = args[i];
            if (options.Contains(arg))
            {
                if (i + 1 >= args.Length || args[i + 1].StartsWith("--", StringComparison.Ordinal))
                {
                    throw new UsageException($"'{command} {arg}' needs a value");
                }

                if (!parsed._values.TryAdd(arg, args[++i]))
                {
                    throw new UsageException($"'{arg}' is given twice");
                }
            }
            else if (flags.Contains(arg))
            {
                parsed._flags.Add(arg);
            }
            else if (arg.StartsWith('-') && arg.Length > 1)
            {
                throw new UsageException($"'{command}' has no option '{arg}'; see 'game-sample --help'");
            }
            else if (parsed._positionals.Count < maxPositionals)
            {
                parsed._positionals.Add(arg);
            }
            else
            {
                throw new UsageException($"'{command}' does not take '{arg}'; see 'game-sample --help'");
            }
        }

        return parsed;
    }

    public string? Value(string option) => _values.GetValueOrDefault(option);

    public string Required(string option) => Value(option) ?? throw new UsageException($"'{_command}' needs {option}");

    public bool Flag(string flag) => _flags.Contains(flag);

    /// <summary>An option's value as one of <paramref name="choices"/> (case-insensitive), or null when the option is absent.</summary>
    public T? Choice<T>(string option, IReadOnlyDictionary<string, T> choices)
        where T : struct
    {
        string? value = Value(option);
        if (value is null)
        {
            return null;
        }

        return choices.TryGetValue(value.ToLowerInvariant(), out var choice)
            ? choice
            : throw new UsageException($"'{option} {value}' is not one of {string.Join(", ", choices.Keys)}");
    }

    /// <summary>A compression as the command line spells it.</summary>
    public static string Name(SaveCompression compression) => compression == SaveCompression.None ? "none" : "lz4";
}
