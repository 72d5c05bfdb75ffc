using Engine.Serialization;
using Engine.Serialization.Compression;
using Engine.Serialization.Container;
using Engine.Serialization.Errors;
using Engine.Serialization.Formats;
using Engine.Serialization.Slots;
using RpgGame;
using RpgGame.Lore;
using RpgGame.Model;

// A second game on the engine: an RPG party saved and loaded through the save system, natively and under JIT.
//   rpg-game demo [SAVE-DIR]              plays a few scripted turns, saving and loading through slots and files
//   rpg-game roundtrip OUT-DIR SEEDS...   saves, loads and saves again each seed's random party in each format, writing the result
//   rpg-game selftest [--dump DIR]        round-trips the sample and 100 random parties, then the sample and 20 random
//                                         monster codices (enums by name), in every format x compression, each load
//                                         held to its PartyDump; "selftest: N passed, N failed" (--dump: writes each
//                                         dump to DIR, sample.json, seed-N.json, codex-sample.json and codex-seed-N.json)
//   rpg-game selftest --seeds N           the same with N random parties and N random codices, for slow runs (under
//                                         an emulator: build/test-arm64.sh, build/test-windows.sh)
//   rpg-game fixtures DIR                 loads each frozen save in DIR (sample-FORMAT-COMPRESSION.sav, written by
//                                         build/freeze-fixtures.cs), held to the sample party's PartyDump and its
//                                         header to its name; "fixtures: N passed, N failed"
return args switch
{
    ["demo", .. var rest] => Demo(rest.Length > 0 ? rest[0] : Path.Combine(Path.GetTempPath(), $"rpg-demo-{Environment.ProcessId}")),
    ["roundtrip", var folder, .. var seeds] => RoundTrip(folder, seeds.Select(int.Parse)),
    ["selftest"] => SelfTest(null, 100, 20),
    ["selftest", "--dump", var folder] => SelfTest(folder, 100, 20),
    ["selftest", "--seeds", var seeds] => SelfTest(null, int.Parse(seeds, System.Globalization.CultureInfo.InvariantCulture), int.Parse(seeds, System.Globalization.CultureInfo.InvariantCulture)),
    ["fixtures", var folder] => Fixtures(folder),
    _ => Usage(),
};

static int Demo(string folder)
{
    var slots = SaveSlotStore.ForGame<PartyState>(PartyState.Game, folder, new SaveOptions { Compression = SaveCompression.Lz4 });
    var party = PartyFactory.Sample();
    slots.Save("camp", party);
    party.Location = "Whispering Woods";
    party.Steps += 500;
    party.Heroes[0].Health = 0.4f;
    slots.AutosaveAsync(party).GetAwaiter().GetResult();
    party.Quests[7] = new QuestState("Wyrm in the well", QuestStage.Done);
    slots.QuickSaveAsync(party).GetAwaiter().GetResult();

    var camp = slots.Load("camp").Content;
    var quick = slots.QuickLoad().Content;
    byte[] file = SaveSerializer.Save(quick);
    var fromBytes = SaveSerializer.Load<PartyState>(file);

    bool ok = camp.Location == "Old Mill" && quick.Location == "Whispering Woods" && quick.Quests[7].Stage == QuestStage.Done
        && fromBytes.Inventory.CountOf("torch") == 3 && fromBytes.Heroes[1].Skills[0].Name == "Firebolt";
    foreach (var slot in slots.List())
    {
        Console.WriteLine($"{slot.Name,-20} {slot.Info?.Metadata.Title} ({slot.Info?.FileLength:N0} bytes)");
    }

    Console.WriteLine(ok ? "demo: ok" : "demo: FAILED, a loaded party differs from the saved one");
    return ok ? 0 : 1;
}

// Each seed's party saved, loaded and saved again, in each format: the tests load the result under JIT and compare it,
// with a reflection-based oracle, to the same seed's party. A party the save refuses (text a format can't carry) is noted.
static int RoundTrip(string folder, IEnumerable<int> seeds)
{
    Directory.CreateDirectory(folder);
    foreach (int seed in seeds)
    {
        foreach (var format in Enum.GetValues<SaveFormat>())
        {
            string path = Path.Combine(folder, $"{seed}-{format}.sav".ToLowerInvariant());
            var options = new SaveOptions { Format = format };
            try
            {
                File.WriteAllBytes(path, SaveSerializer.Save(SaveSerializer.Load<PartyState>(SaveSerializer.Save(PartyFactory.Random(seed), options: options)), options: options));
            }
            catch (SaveEncodingException e)
            {
                File.WriteAllText(path + ".refused", e.Message);
            }
        }
    }

    return 0;
}

static int SelfTest(string? dumpFolder, int partySeeds, int codexSeeds)
{
    var parties = new[] { ("sample", PartyFactory.Sample()) }.Concat(Enumerable.Range(1, partySeeds).Select(seed => ($"seed-{seed}", PartyFactory.Random(seed))));
    // A party with text UTF-8 can't carry is refused before anything is loaded: it has no dump to be held to.
    var (passed, failed) = CheckEach(parties, party => PartyFactory.HoldsInvalidText(party) ? null : PartyDump.Of(party), Check, dumpFolder);

    // The codex, a model of another assembly, writes its enums by name ([SaveModel(EnumsAsStrings = true)]).
    var codices = new[] { ("codex-sample", CodexFactory.Sample()) }.Concat(Enumerable.Range(1, codexSeeds).Select(seed => ($"codex-seed-{seed}", CodexFactory.Random(seed))));
    var (codicesPassed, codicesFailed) = CheckEach(codices, codex => PartyDump.Of(codex), (codex, dump, options) => CheckCodex(codex, dump!, options), dumpFolder);
    passed += codicesPassed;
    failed += codicesFailed;

    Console.WriteLine($"selftest: {passed} passed, {failed} failed");
    return failed == 0 ? 0 : 1;
}

// Saves and loads each case in every format x compression, held to its dump; prints a line per case.
static (int Passed, int Failed) CheckEach<T>(IEnumerable<(string Name, T Value)> cases, Func<T, byte[]?> dumpOf, Func<T, byte[]?, SaveOptions, string?> check, string? dumpFolder)
{
    int passed = 0;
    int failed = 0;
    foreach (var (name, value) in cases)
    {
        byte[]? dump = dumpOf(value);
        if (dump is not null && dumpFolder is not null)
        {
            Directory.CreateDirectory(dumpFolder);
            File.WriteAllBytes(Path.Combine(dumpFolder, name + ".json"), dump);
        }

        var problems = Enum.GetValues<SaveFormat>()
            .SelectMany(format => Enum.GetValues<SaveCompression>().Select(compression => new SaveOptions { Format = format, Compression = compression }))
            .Select(options => check(value, dump, options) is { } problem ? $"{options.Format} + {options.Compression}: {problem}" : null)
            .OfType<string>()
            .ToList();
        Console.WriteLine(problems.Count == 0 ? $"ok    {name}" : $"FAIL  {name}: {string.Join("; ", problems)}");
        passed += problems.Count == 0 ? 1 : 0;
        failed += problems.Count == 0 ? 0 : 1;
    }

    return (passed, failed);
}

// What the save accepts, the load gives back: the loaded party dumps as the saved one did (an oracle independent of the
// save codecs), and saving it writes the same bytes. (The JIT tests also hold the native round trip to a
// reflection-based comparison, and the native dumps to their own.)
static string? Check(PartyState party, byte[]? dump, SaveOptions options)
{
    byte[] first;
    try
    {
        first = SaveSerializer.Save(party, SelfTestMetadata(), options);
    }
    catch (SaveEncodingException)
    {
        return PartyFactory.HoldsInvalidText(party) ? null : "the save refused a party holding only valid text";
    }

    if (PartyFactory.HoldsInvalidText(party))
    {
        return "the save accepted text UTF-8 can't carry";
    }

    return LoadsAsSaved<PartyState>(first, dump, PartyDump.Of, options, "party");
}

// A codex loads as it was saved, saves again to the same bytes, and its MessagePack payload holds its enums by name.
static string? CheckCodex(Codex codex, byte[] dump, SaveOptions options)
{
    byte[] first = SaveSerializer.Save(codex, SelfTestMetadata(), options);
    if (options.Format == SaveFormat.MessagePack && codex.Favourite == Creature.DireWolf
        && SaveSerializer.ReadPayload<Codex>(first).Payload.Span.IndexOf("dire wolf"u8) < 0)
    {
        return "the payload does not hold the favourite creature by its name";
    }

    return LoadsAsSaved<Codex>(first, dump, PartyDump.Of, options, "codex");
}

// The save loads to what dumps as the saved value did, and saving what it loaded writes the same bytes.
static string? LoadsAsSaved<T>(byte[] save, byte[]? dump, Func<T, byte[]> dumpOf, SaveOptions options, string what)
{
    var loaded = SaveSerializer.Load<T>(save);
    if (PartyDump.Difference(dump, dumpOf(loaded)) is { } difference)
    {
        return $"the loaded {what} differs from the saved one: {difference}";
    }

    byte[] again = SaveSerializer.Save(loaded, SelfTestMetadata(), options);
    return save.AsSpan().SequenceEqual(again) ? null : $"saving the loaded {what} wrote other bytes";
}

static int Fixtures(string folder)
{
    string[] files = Directory.GetFiles(folder, "sample-*.sav");
    if (files.Length == 0)
    {
        Console.Error.WriteLine($"error: '{folder}' holds no frozen saves (sample-*.sav)");
        return 2;
    }

    Array.Sort(files, StringComparer.Ordinal);
    byte[] dump = PartyDump.Of(PartyFactory.Sample());
    int failed = 0;
    foreach (string file in files)
    {
        string name = Path.GetFileName(file);
        string? problem;
        try
        {
            var header = SaveSerializer.ReadInfo(file).Header;
            string named = $"sample-{header.Format}-{header.Compression}.sav".ToLowerInvariant();
            problem = named != name ? $"the header says {named}"
                : PartyDump.Difference(dump, PartyDump.Of(SaveSerializer.LoadFromFile<PartyState>(file))) is { } difference
                    ? $"the loaded party differs from the sample: {difference}"
                    : null;
        }
        catch (SaveException e)
        {
            problem = $"{e.GetType().Name}: {e.Message}";
        }

        failed += problem is null ? 0 : 1;
        Console.WriteLine(problem is null ? $"ok    {name}" : $"FAIL  {name}: {problem}");
    }

    Console.WriteLine($"fixtures: {files.Length - failed} passed, {failed} failed");
    return failed == 0 ? 0 : 1;
}

static SaveMetadata SelfTestMetadata() => new() { Title = "selftest", SavedAtUtc = DateTime.UnixEpoch };

static int Usage()
{
    Console.Error.WriteLine("usage: rpg-game demo [SAVE-DIR] | roundtrip OUT-DIR SEEDS... | selftest [--dump DIR | --seeds N] | fixtures DIR");
    return 2;
}
