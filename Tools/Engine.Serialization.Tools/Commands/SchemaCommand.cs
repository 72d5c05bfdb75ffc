using Engine.Serialization.Inspection;

namespace Engine.Serialization.Tools.Commands;

/// <summary>
/// <c>schema [MODEL-ID|FILE]...</c>: each model's types as its saves hold them (<see cref="SaveModelShape"/>), for every
/// model this program knows or the ones named (a save file names its own): every object's members with their keys and
/// types, every union's cases, every enum's members. The paths dump, diff and edit take are made of these names.
/// </summary>
internal static class SchemaCommand
{
    public static int Run(IEnumerable<string> args, ToolOutput output)
    {
        var arguments = ToolArguments.Parse("schema", args, [], []);
        var text = output.Text;
        foreach (var codec in SaveFile.Codecs(arguments.Positionals.Select(ModelIdOf).ToList(), "to show"))
        {
            var shape = codec.Shape;
            text.WriteLine($"model {codec.ModelId}, schema version {codec.SchemaVersion}: {shape.Root.TypeName}");
            foreach (var type in shape.Types)
            {
                Write(text, type);
            }
        }

        return 0;
    }

    /// <summary>A save file's model, or the argument itself as a model id.</summary>
    private static string ModelIdOf(string argument) =>
        File.Exists(argument) ? SaveFile.Named(argument, () => SaveSerializer.ReadInfo(argument).Metadata.ModelId) : argument;

    private static void Write(TextWriter text, SaveShape type)
    {
        switch (type.Kind)
        {
            case SaveShapeKind.Object:
                text.WriteLine();
                text.WriteLine($"{type.TypeName} (object)");
                int width = type.Members.Select(m => m.Name.Length).DefaultIfEmpty(0).Max();
                foreach (var member in type.Members)
                {
                    string key = member.Key == member.Name ? "" : $"  (saved as \"{member.Key}\")";
                    text.WriteLine($"  {member.Name.PadRight(width)}  {TypeOf(member)}{key}");
                }

                break;
            case SaveShapeKind.Union:
                text.WriteLine();
                text.WriteLine($"{type.TypeName} (union: one of its cases, saved with its key)");
                foreach (var @case in type.Cases)
                {
                    text.WriteLine($"  {@case.Key}  {@case.Shape.TypeName}");
                }

                break;
            case SaveShapeKind.Enum:
                text.WriteLine();
                string how = type.EnumByName ? "saved by name" : "saved as its number";
                text.WriteLine($"{type.TypeName} (enum{(type.EnumIsFlags ? ", flags" : "")}, {how}{(type.EnumKeepsUndefined ? ", undeclared values kept" : "")})");
                foreach (var member in type.EnumMembers)
                {
                    string saved = type.EnumByName && member.SavedName != member.Name ? $"  (saved as \"{member.SavedName}\")" : "";
                    text.WriteLine($"  {member.Name} = {member.Value}{saved}");
                }

                break;
        }
    }

    /// <summary>A member's type as C# declares it: <c>string?</c> where the model allows null.</summary>
    private static string TypeOf(SaveShapeMember member) =>
        member.AllowsNull && member.Shape.Kind != SaveShapeKind.Nullable ? member.Shape.TypeName + "?" : member.Shape.TypeName;
}
