using System.Collections;
using System.Diagnostics.CodeAnalysis;
using System.Globalization;
using System.Reflection;
using Engine.Serialization;
using Engine.Serialization.Compression;
using Engine.Serialization.Errors;
using Engine.Serialization.Formats;
using Engine.Serialization.Models;
using EvolvingGame;

// evolving save DIR: writes this release's colony in every format x compression, as DIR/r<release>-<format>-<compression>.sav.
// evolving check DIR: loads every save in DIR. One of this release or an earlier one must load as Colonies.AsLoaded(its
// release) has it, and again once saved by this release; one of a later release must be refused with "update the game".
// Prints "ok ..." or "FAIL ..." per save, then "evolving rN: N passed, N failed".
// evolving schema: prints this release's .proto, the record of its protobuf field numbers (Schemas/v<release>/).
switch (args)
{
    case ["save", string folder]:
        Directory.CreateDirectory(folder);
        foreach (var (format, compression) in Cases())
        {
            var options = new SaveOptions { Format = format, Compression = compression };
            File.WriteAllBytes(Path.Combine(folder, SaveName(Release.Number, format, compression)), SaveSerializer.Save(Colonies.AsLoaded(Release.Number), options: options));
        }

        Console.WriteLine($"evolving r{Release.Number}: saved {Cases().Count()} saves in {folder}");
        return 0;
    case ["check", string folder]:
        return Check(folder);
    case ["schema"]:
        Console.Write(SaveModels.SchemasOf<Colony>().Proto);
        return 0;
    default:
        Console.Error.WriteLine("usage: evolving save DIR | evolving check DIR | evolving schema");
        return 2;
}

static int Check(string folder)
{
    int passed = 0;
    int failed = 0;
    foreach (string file in Directory.GetFiles(folder, "r*.sav").Order(StringComparer.Ordinal))
    {
        string name = Path.GetFileNameWithoutExtension(file);
        var (savedBy, format, compression) = Parse(name);
        string problem = savedBy <= Release.Number
            ? Loads(File.ReadAllBytes(file), savedBy, format, compression, out string detail)
            : Refused(File.ReadAllBytes(file), out detail);
        Console.WriteLine(problem.Length == 0 ? $"ok    {name} in r{Release.Number}: {detail}" : $"FAIL  {name} in r{Release.Number}: {problem}");
        passed += problem.Length == 0 ? 1 : 0;
        failed += problem.Length == 0 ? 0 : 1;
    }

    Console.WriteLine($"evolving r{Release.Number}: {passed} passed, {failed} failed");
    return failed == 0 ? 0 : 1;
}

// The save loads as the oracle says, and saved again by this release and loaded, it still does. Empty when it holds.
static string Loads(byte[] save, int savedBy, SaveFormat format, SaveCompression compression, out string detail)
{
    detail = "";
    var expected = Colonies.AsLoaded(savedBy);
    try
    {
        var loaded = SaveSerializer.Load<Colony>(save, new LoadOptions { CheckMigrationSteps = true });
        var (compared, differences) = ModelWalk.Differences(expected, loaded);
        if (differences.Count > 0)
        {
            return string.Join("; ", differences);
        }

        var again = SaveSerializer.Load<Colony>(SaveSerializer.Save(loaded, options: new SaveOptions { Format = format, Compression = compression }));
        differences = ModelWalk.Differences(expected, again).Differences;
        if (differences.Count > 0)
        {
            return "saved again by this release: " + string.Join("; ", differences);
        }

        detail = $"{compared} values as expected, and saved again";
        return "";
    }
    catch (Exception e) when (e is SaveException or InvalidOperationException)
    {
        return $"{e.GetType().Name}: {e.Message}";
    }
}

// A later release's save is refused, asking the player to update the game. Empty when it is.
static string Refused(byte[] save, out string detail)
{
    detail = "";
    try
    {
        SaveSerializer.Load<Colony>(save);
        return "a later release's save loaded, and this release has no way to keep what it lacks";
    }
    catch (UnsupportedSaveVersionException e) when (e.Message.Contains("update the game", StringComparison.Ordinal))
    {
        detail = "refused: " + e.Message;
        return "";
    }
    catch (SaveException e)
    {
        return $"{e.GetType().Name} without \"update the game\": {e.Message}";
    }
}

static IEnumerable<(SaveFormat Format, SaveCompression Compression)> Cases() =>
    from format in Enum.GetValues<SaveFormat>()
    from compression in Enum.GetValues<SaveCompression>()
    select (format, compression);

static string SaveName(int release, SaveFormat format, SaveCompression compression) =>
    string.Create(CultureInfo.InvariantCulture, $"r{release}-{format}-{compression}.sav");

static (int Release, SaveFormat Format, SaveCompression Compression) Parse(string name) =>
    name.Split('-') is [['r', .. var release], var format, var compression]
        ? (int.Parse(release, CultureInfo.InvariantCulture), Enum.Parse<SaveFormat>(format), Enum.Parse<SaveCompression>(compression))
        : throw new FormatException($"{name}.sav is not named r<release>-<format>-<compression>.sav");

/// <summary>
/// Two colonies compared by reflection over the public properties of each object, whatever its type (a union case
/// must load as its own class), through lists, dictionaries (by key) and multi-dimensional arrays. The model's
/// assembly is a trimmer root, so its types keep their properties under NativeAOT.
/// </summary>
[UnconditionalSuppressMessage("Trimming", "IL2075", Justification = "The model's assembly is a TrimmerRootAssembly.")]
internal static class ModelWalk
{
    public static (int Compared, List<string> Differences) Differences(object expected, object actual)
    {
        var differences = new List<string>();
        int compared = Compare(expected, actual, expected.GetType().Name, differences);
        return (compared, differences);
    }

    private static int Compare(object? expected, object? actual, string path, List<string> differences)
    {
        if (expected is null || actual is null || expected is string || expected.GetType().IsValueType)
        {
            if (!Equals(expected, actual))
            {
                differences.Add($"{path} is {Text(actual)}, not {Text(expected)}");
            }

            return 1;
        }

        if (expected.GetType() != actual.GetType())
        {
            differences.Add($"{path} is a {actual.GetType().Name}, not a {expected.GetType().Name}");
            return 1;
        }

        return expected switch
        {
            IDictionary dictionary => CompareDictionaries(dictionary, (IDictionary)actual, path, differences),
            Array { Rank: > 1 } grid => CompareGrids(grid, (Array)actual, path, differences),
            IList list => CompareLists(list, (IList)actual, path, differences),
            _ => expected.GetType().GetProperties(BindingFlags.Public | BindingFlags.Instance)
                .Where(p => p.GetIndexParameters().Length == 0)
                .Sum(p => Compare(p.GetValue(expected), p.GetValue(actual), $"{path}.{p.Name}", differences)),
        };
    }

    private static int CompareLists(IList expected, IList actual, string path, List<string> differences)
    {
        if (expected.Count != actual.Count)
        {
            differences.Add($"{path} has {actual.Count} items, not {expected.Count}");
            return 1;
        }

        return Enumerable.Range(0, expected.Count).Sum(i => Compare(expected[i], actual[i], $"{path}[{i}]", differences));
    }

    private static int CompareDictionaries(IDictionary expected, IDictionary actual, string path, List<string> differences)
    {
        var keys = expected.Keys.Cast<object>().Select(Text).Order(StringComparer.Ordinal).ToList();
        var actualKeys = actual.Keys.Cast<object>().Select(Text).Order(StringComparer.Ordinal).ToList();
        if (!keys.SequenceEqual(actualKeys))
        {
            differences.Add($"{path} has the keys [{string.Join(", ", actualKeys)}], not [{string.Join(", ", keys)}]");
            return 1;
        }

        return expected.Keys.Cast<object>().Sum(key => Compare(expected[key], actual[key], $"{path}[{Text(key)}]", differences));
    }

    private static int CompareGrids(Array expected, Array actual, string path, List<string> differences)
    {
        var lengths = Enumerable.Range(0, expected.Rank).Select(expected.GetLength).ToList();
        var actualLengths = Enumerable.Range(0, actual.Rank).Select(actual.GetLength).ToList();
        if (!lengths.SequenceEqual(actualLengths))
        {
            differences.Add($"{path} is {string.Join(" x ", actualLengths)}, not {string.Join(" x ", lengths)}");
            return 1;
        }

        // Row by row, the last index fastest, as an array enumerates.
        return expected.Cast<object>().Zip(actual.Cast<object>()).Select((cells, i) => Compare(cells.First, cells.Second, $"{path}[cell {i}]", differences)).Sum();
    }

    private static string Text(object? value) => value switch
    {
        null => "null",
        string text => $"\"{text}\"",
        IFormattable number => number.ToString(null, CultureInfo.InvariantCulture),
        _ => value.ToString() ?? "",
    };
}
