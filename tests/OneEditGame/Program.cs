using System.Collections;
using System.Diagnostics.CodeAnalysis;
using System.Globalization;
using System.Reflection;
using Engine.Serialization;
using Engine.Serialization.Compression;
using Engine.Serialization.Errors;
using Engine.Serialization.Formats;
using OneEditGame;

// one-edit check: fills every property of the model with a value of its own (found by reflection, so a member added to
// the model is filled too), saves and loads the outpost in every format x compression and through SaveAsync, and
// compares every property; prints each property it compared, then "one-edit: N passed, N failed".
if (args is not ["check"])
{
    Console.Error.WriteLine("usage: one-edit check");
    return 2;
}

var outpost = ModelWalk.Filled<Outpost>();
Console.WriteLine("compared: " + string.Join(", ", ModelWalk.Differences(outpost, outpost).Compared.Distinct()));
int passed = 0;
int failed = 0;
foreach (var format in Enum.GetValues<SaveFormat>())
{
    foreach (var compression in Enum.GetValues<SaveCompression>())
    {
        var options = new SaveOptions { Format = format, Compression = compression };
        Report($"{format} + {compression}", SaveSerializer.Load<Outpost>(SaveSerializer.Save(outpost, options: options)));

        // SaveAsync encodes a snapshot copy of the game, taken before it returns.
        using var stream = new MemoryStream();
        await SaveSerializer.SaveAsync(stream, outpost, options: options);
        Report($"{format} + {compression}, SaveAsync", SaveSerializer.Load<Outpost>(stream.ToArray()));
    }
}

// The checks: a null in any string of the captain's, which the model declares non-nullable, is refused at save in every
// format, at the place the generated walk names ("Captain.Motto"; a writer alone knows only "Crew.Motto").
foreach (var text in ModelWalk.Strings(typeof(Crew)))
{
    var holey = ModelWalk.Filled<Outpost>();
    text.SetValue(holey.Captain, null);
    var problems = Enum.GetValues<SaveFormat>().Select(format => Refusal(holey, format, $"Captain.{text.Name}")).OfType<string>().ToList();
    Console.WriteLine(problems.Count == 0 ? $"ok    null Captain.{text.Name} refused" : $"FAIL  null Captain.{text.Name}: {string.Join("; ", problems)}");
    passed += problems.Count == 0 ? 1 : 0;
    failed += problems.Count == 0 ? 0 : 1;
}

Console.WriteLine($"one-edit: {passed} passed, {failed} failed");
return failed == 0 ? 0 : 1;

void Report(string what, Outpost loaded)
{
    var differences = ModelWalk.Differences(outpost, loaded).Differences;
    Console.WriteLine(differences.Count == 0 ? $"ok    {what}" : $"FAIL  {what}: {string.Join("; ", differences)}");
    passed += differences.Count == 0 ? 1 : 0;
    failed += differences.Count == 0 ? 0 : 1;
}

static string? Refusal(Outpost outpost, SaveFormat format, string path)
{
    try
    {
        SaveSerializer.Save(outpost, options: new SaveOptions { Format = format });
        return $"{format} saved it";
    }
    catch (SaveEncodingException e)
    {
        return e.Message.Contains(path, StringComparison.Ordinal) ? null : $"{format} refused it without naming {path}: {e.Message}";
    }
}

/// <summary>
/// The model walked by reflection over its public properties: filled with a distinct value per property, and two
/// graphs compared property by property. The assembly is a trimmer root, so its types keep their properties and
/// constructors under NativeAOT.
/// </summary>
[UnconditionalSuppressMessage("Trimming", "IL2026", Justification = "The model's assembly is a TrimmerRootAssembly.")]
[UnconditionalSuppressMessage("Trimming", "IL2062", Justification = "The model's assembly is a TrimmerRootAssembly.")]
[UnconditionalSuppressMessage("Trimming", "IL2067", Justification = "The model's assembly is a TrimmerRootAssembly.")]
[UnconditionalSuppressMessage("Trimming", "IL2072", Justification = "The model's assembly is a TrimmerRootAssembly.")]
[UnconditionalSuppressMessage("Trimming", "IL2070", Justification = "The model's assembly is a TrimmerRootAssembly.")]
[UnconditionalSuppressMessage("Trimming", "IL2075", Justification = "The model's assembly is a TrimmerRootAssembly.")]
internal static class ModelWalk
{
    private static int _next = 1;

    public static T Filled<T>()
        where T : new() => (T)Fill(new T());

    public static (List<string> Compared, List<string> Differences) Differences(object expected, object actual)
    {
        var compared = new List<string>();
        var differences = new List<string>();
        Compare(expected, actual, expected.GetType().Name, compared, differences);
        return (compared, differences);
    }

    private static object Fill(object model)
    {
        foreach (var property in Properties(model.GetType()))
        {
            var type = property.PropertyType;
            int n = _next++;
            object? value = type switch
            {
                _ when type == typeof(string) => $"{model.GetType().Name}.{property.Name} #{n}",
                _ when type == typeof(int) => n,
                _ when type == typeof(long) => n * 1_000_000_007L,
                _ when type == typeof(float) => n + 0.25f,
                _ when type == typeof(double) => n + 0.125,
                _ when type == typeof(bool) => !(bool)property.GetValue(model)!,
                _ when type.IsEnum => Enum.ToObject(type, n % 2 + 1),
                _ when type.IsGenericType && type.GetGenericTypeDefinition() is var list && (list == typeof(List<>) || list == typeof(TrackedList<>)) => FillList(property.GetValue(model)!, type.GetGenericArguments()[0]),
                _ when type.IsClass => Fill(Activator.CreateInstance(type)!),
                _ => throw new NotSupportedException($"{model.GetType().Name}.{property.Name}: the check fills no {type.Name}"),
            };
            property.SetValue(model, value);
        }

        return model;
    }

    private static object FillList(object list, Type element)
    {
        for (int i = 0; i < 2; i++)
        {
            ((IList)list).Add(element.IsClass && element != typeof(string) ? Fill(Activator.CreateInstance(element)!) : Convert.ChangeType(_next++, element, CultureInfo.InvariantCulture));
        }

        return list;
    }

    private static void Compare(object? expected, object? actual, string path, List<string> compared, List<string> differences)
    {
        if (expected is null || actual is null || expected is string || expected.GetType().IsValueType)
        {
            compared.Add(path);
            if (!Equals(expected, actual))
            {
                differences.Add($"{path} is {actual ?? "null"}, not {expected ?? "null"}");
            }

            return;
        }

        if (expected is IList expectedList && actual is IList actualList)
        {
            if (expectedList.Count != actualList.Count)
            {
                differences.Add($"{path} has {actualList.Count} items, not {expectedList.Count}");
                return;
            }

            for (int i = 0; i < expectedList.Count; i++)
            {
                Compare(expectedList[i], actualList[i], $"{path}[{i}]", compared, differences);
            }

            return;
        }

        foreach (var property in Properties(expected.GetType()))
        {
            Compare(property.GetValue(expected), property.GetValue(actual), $"{expected.GetType().Name}.{property.Name}", compared, differences);
        }
    }

    public static IEnumerable<PropertyInfo> Strings(Type type) => Properties(type).Where(p => p.PropertyType == typeof(string));

    private static IEnumerable<PropertyInfo> Properties(Type type) =>
        type.GetProperties(BindingFlags.Public | BindingFlags.Instance).Where(p => p.CanRead && p.SetMethod is { IsPublic: true });
}
