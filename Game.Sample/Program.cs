using Engine.Serialization.Errors;
using Game.Sample;
using Game.Sample.Commands;

try
{
    return args switch
    {
        ["play", .. var rest] => PlayCommand.Run(rest, Console.In, Console.Out, interactive: !Console.IsInputRedirected),
        ["demo", .. var rest] => DemoCommand.Run(rest, Console.Out),
        ["new", .. var rest] => NewCommand.Run(rest, Console.Out),
        ["load", .. var rest] => LoadCommand.Run(rest, Console.Out),
        ["selftest", .. var rest] => SelfTestCommand.Run(rest, Console.Out),
        ["fixtures", .. var rest] => FixturesCommand.Run(rest, Console.Out),
        ["help" or "--help" or "-h"] => HelpCommand.Run(Console.Out),
        [] => throw new UsageException("no command given; see 'game-sample --help'"),
        [var command, ..] => throw new UsageException($"unknown command '{command}'; see 'game-sample --help'"),
    };
}
catch (Exception e) when (e is UsageException or ArgumentException)
{
    return Fail(e, 2);
}
catch (SaveException e)
{
    return Fail(e, 1);
}

static int Fail(Exception e, int exitCode)
{
    Console.Error.WriteLine($"error: {ErrorText.Of(e)}");
    return exitCode;
}
