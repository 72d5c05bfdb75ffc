namespace Game.Sample.Commands;

/// <summary><c>--help</c>: the commands of the program.</summary>
internal static class HelpCommand
{
    public const string Text =
        """
        game-sample: a small text adventure on the engine's save system.

        usage: game-sample <command> [options]

          play [--save-dir DIR]
              Play the game: one command per line from stdin ('help' lists them).
              Saves go to DIR (default: the per-user folder of 'engine-sample'). From a pipe,
              a save, load or slot list the disk refuses ends the run: one line, exit code 1.
          demo [--size small|medium|large] [--save-dir DIR]
              Play the walkthrough to the win, then save and load in every format and
              compression (the final state, or generated content of --size) and print a table.
          new --size small|medium|large --out FILE [--format messagepack|xml|protobuf] [--lz4]
              Write a save of generated content.
          load FILE [--quiet]
              Load any save and print what it holds and how long the load took
              (--quiet: only "load-ms=N", the load's milliseconds, for harnesses).
          selftest [--dump DIR]
              Round-trip generated content in every format and compression, in this process,
              each load held to a JSON dump of the content that shares nothing with the save
              codecs (--dump: write the dumps to DIR, for the tests).
          fixtures DIR
              Load each frozen save in DIR (small-FORMAT-COMPRESSION.sav, edges-...), each held
              to the dump of the content it was made from and its header to its name.
          help, --help
              This text.
        """;

    public static int Run(TextWriter output)
    {
        output.WriteLine(Text);
        return 0;
    }
}
