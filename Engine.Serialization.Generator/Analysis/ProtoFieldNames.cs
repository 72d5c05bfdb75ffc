using System.Text;

namespace Engine.Serialization.Generator.Analysis;

/// <summary>
/// How a member's key becomes its protobuf field's name: one rule for the generator, which writes the .proto, and for
/// the save system, which finds a migration's members in a protobuf save by it (the file is compiled into both).
/// </summary>
internal static class ProtoFieldNames
{
    /// <summary>
    /// A name as protobuf spells a field: lower snake case (<c>PlayTimeSeconds</c> -> <c>play_time_seconds</c>,
    /// <c>S0</c> -> <c>s0</c>), anything but letters and digits as <c>_</c>, never starting with a digit.
    /// </summary>
    public static string Snake(string name)
    {
        var builder = new StringBuilder(name.Length + 8);
        for (var i = 0; i < name.Length; i++)
        {
            var c = name[i];
            if (char.IsUpper(c))
            {
                var afterLower = i > 0 && (char.IsLower(name[i - 1]) || char.IsDigit(name[i - 1]));
                var endsRun = i > 0 && char.IsUpper(name[i - 1]) && i + 1 < name.Length && char.IsLower(name[i + 1]);
                if ((afterLower || endsRun) && builder.Length > 0 && builder[builder.Length - 1] != '_')
                {
                    builder.Append('_');
                }

                builder.Append(char.ToLowerInvariant(c));
            }
            else
            {
                builder.Append(c < 128 && char.IsLetterOrDigit(c) ? c : '_');
            }
        }

        var snake = builder.ToString();
        return snake.Length == 0 || char.IsDigit(snake[0]) ? "f_" + snake : snake;
    }
}
