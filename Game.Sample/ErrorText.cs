using Engine.Serialization.Text;

namespace Game.Sample;

/// <summary>An exception as one line a player can read, what it quotes from files shown as text (<see cref="SaveText.Visible"/>).</summary>
internal static class ErrorText
{
    /// <summary>The message, without the "(Parameter 'x')" an <see cref="ArgumentException"/> adds for programmers.</summary>
    public static string Of(Exception e)
    {
        ArgumentNullException.ThrowIfNull(e);
        string message = e.Message;
        if (e is ArgumentException { ParamName: { } name })
        {
            string suffix = $" (Parameter '{name}')";
            if (message.EndsWith(suffix, StringComparison.Ordinal))
            {
                message = message[..^suffix.Length];
            }
        }

        return SaveText.Visible(message.ReplaceLineEndings(" "));
    }
}
