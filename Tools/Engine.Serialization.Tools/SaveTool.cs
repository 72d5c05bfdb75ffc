using Engine.Serialization.Errors;
using Engine.Serialization.Tools.Commands;

namespace Engine.Serialization.Tools;

/// <summary>
/// The savetool commands (info, dump, verify, convert, diff, edit, freeze, schema, schemas) over the saves of every model registered in this
/// process. The <c>savetool</c> program runs them for the engine's GameContent; a game runs them for its own models
/// with one call from its own program, as <c>return SaveTool.Run(args);</c> (docs/GUIDE.md).
/// </summary>
public static class SaveTool
{
    /// <summary>Runs one command line; results go to standard output, problems to standard error, one line each.</summary>
    /// <returns>The exit code: 0 done; 1 the saves differ (diff) or a save is damaged (info, verify); 2 the command could not run.</returns>
    public static int Run(string[] args)
    {
        ArgumentNullException.ThrowIfNull(args);
        using var output = Console.OpenStandardOutput();
        return Run(args, output, Console.Error);
    }

    internal static int Run(IReadOnlyList<string> args, Stream output, TextWriter error)
    {
        using var tool = new ToolOutput(output, error);
        try
        {
            var rest = args.Skip(1);
            return args switch
            {
                ["info", ..] => InfoCommand.Run(rest, tool),
                ["dump", ..] => DumpCommand.Run(rest, tool),
                ["verify", ..] => VerifyCommand.Run(rest, tool),
                ["convert", ..] => ConvertCommand.Run(rest, tool),
                ["diff", ..] => DiffCommand.Run(rest, tool),
                ["edit", ..] => EditCommand.Run(rest, tool),
                ["freeze", ..] => FreezeCommand.Run(rest, tool),
                ["schemas", ..] => SchemasCommand.Run(rest, tool),
                ["schema", ..] => SchemaCommand.Run(rest, tool),
                ["help" or "--help" or "-h", ..] => Help(tool.Text),
                [] => throw ToolException.Usage("no command given"),
                [var command, ..] => throw ToolException.Usage($"unknown command '{command}'"),
            };
        }
        catch (ToolException e)
        {
            tool.Problem(e.IsUsage ? $"{e.Message}; see 'savetool --help'" : e.Message);
        }
        catch (SaveException e)
        {
            tool.Problem(e.Message);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or ArgumentException)
        {
            // The file system's refusals, and paths it can't take (a NUL in a name).
            tool.Problem(e.Message);
        }

        return 2;
    }

    private static int Help(TextWriter output)
    {
        output.Write(HelpText);
        output.WriteLine($"Models this program knows: {SaveFile.Known()}.");
        return 0;
    }

    private const string HelpText =
        """
        savetool: look inside, check, convert, compare and edit save files.

        usage: savetool <command> [options]

          info FILE... [--json]
              Each save's header, metadata, sizes, compression ratio and checksums (valid or not).
          dump FILE [--path PATH]
              The game in the save as JSON, or only the value at PATH, named as C# code names
              it: Rooms[3].Name, Map[2,3], Stock["wood"], Equipment[Slot.Head] (a union's case
              and a nullable's value are passed through).
          verify FILE|DIR
              Checks each save whole, through its model when this program has it; in a folder,
              every save and its backup (name.sav, name.sav.bak).
          convert IN OUT --format messagepack|xml|protobuf [--lz4|--no-compression]
              Writes the game again in another format, through its model (compression kept unless given).
          diff A B
              The member paths whose values differ between two saves' games.
          edit FILE --set PATH=VALUE [--set PATH=VALUE]... [--set-case PATH=CASE]...
              Changes values, writes new checksums and keeps the previous file as FILE.bak.
              A value is read as its member's type: null where the model allows it, an enum
              by name (Fire, Ice for flags), a TimeSpan, Guid or time in its usual text, text
              in quotes as is ("null"). A union changes case only by --set-case (done first):
              members of the same name and type are kept, the others start at their defaults.
          freeze FILE... --into DIR [--every-format]
              Keeps saves of this release as fixtures its tests load in every later release
              (SaveFixtures.LoadAll): under DIR/MODEL-ID/schema-N/, never rewritten; with
              --every-format, saved again through the model in every format and compression.
          schema [MODEL-ID|FILE]...
              Each model's objects with their members' keys and types, unions with their
              cases, enums with their members: the names paths are made of.
          schemas [MODEL-ID]... --into DIR
              Writes each model's .proto (the record of its protobuf field numbers, which the
              generator reads back), XSD and member tables into DIR to check in; a .proto of an
              earlier schema version is kept as NAME.schema-N.proto, never written again.
          help, --help
              This text.

        A MessagePack save of any model can be read without the model; protobuf saves, and convert and
        edit of XML and protobuf saves, go through the model. Without it, XML is read by its element
        structure. Exit codes: 0 done (diff: the games are equal); 1 the games differ (diff) or a save is
        damaged (info, verify); 2 the command could not run (one line on stderr says why).

        """;
}
