using MessagePack;
using MessagePack.Formatters;

namespace Engine.Serialization.Formats.MessagePack;

/// <summary>
/// The generated formatters, each checking the <see cref="DecodeBudget"/> before it decodes an
/// object or a collection (value types allocate nothing of their own and are served as generated).
/// </summary>
internal sealed class BudgetedFormatterResolver : IFormatterResolver
{
    public static BudgetedFormatterResolver Instance { get; } = new();

    private BudgetedFormatterResolver()
    {
    }

    public IMessagePackFormatter<T>? GetFormatter<T>() => Cache<T>.Formatter;

    private static class Cache<T>
    {
        public static readonly IMessagePackFormatter<T>? Formatter = GameContentFormatterResolver.Instance.GetFormatter<T>() is { } generated
            ? typeof(T).IsValueType ? generated : new BudgetedFormatter<T>(generated)
            : null;
    }

    private sealed class BudgetedFormatter<T>(IMessagePackFormatter<T> generated) : IMessagePackFormatter<T>
    {
        public void Serialize(ref MessagePackWriter writer, T value, MessagePackSerializerOptions options) =>
            generated.Serialize(ref writer, value, options);

        public T Deserialize(ref MessagePackReader reader, MessagePackSerializerOptions options)
        {
            DecodeBudget.Check();
            return generated.Deserialize(ref reader, options);
        }
    }
}
