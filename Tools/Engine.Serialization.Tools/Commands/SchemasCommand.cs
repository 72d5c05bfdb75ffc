namespace Engine.Serialization.Tools.Commands;

/// <summary>
/// <c>schemas [MODEL-ID]... --into DIR</c>: writes each model's schema files (<see cref="SchemaFiles"/>: its .proto, the
/// record of its protobuf field numbers, its XSD and its member tables) into DIR, for every model this program knows or
/// the ones named; a .proto of an earlier schema version there is kept as NAME.schema-N.proto first.
/// </summary>
internal static class SchemasCommand
{
    public static int Run(IEnumerable<string> args, ToolOutput output)
    {
        var arguments = ToolArguments.Parse("schemas", args, ["--into"], []);
        string folder = arguments.Value("--into") ?? throw ToolException.Usage("'schemas' needs --into DIR, the folder the model's schemas are checked in");
        foreach (var codec in SaveFile.Codecs(arguments.Positionals, "to write the schemas of"))
        {
            foreach (var (path, changed) in SchemaFiles.Write(codec.Schemas, folder))
            {
                output.Text.WriteLine(changed ? $"{path}: written" : $"{path}: up to date");
            }
        }

        return 0;
    }
}
