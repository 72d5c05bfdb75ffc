using Engine.Serialization.Fuzz;
using Engine.Serialization.Tests.Fuzzing;
using SharpFuzz;

// save-fuzz seed DIR      writes the seed corpus: real saves in every format x compression, in each
//                         of the forms FuzzInput reads
// save-fuzz replay FILE.. runs inputs (a crash afl-fuzz kept, say) through the probe and prints the outcome
// save-fuzz frame IN OUT  writes the save file an input stands for (to load it with game-sample, say)
// save-fuzz               the afl-fuzz target: an input that escapes the SaveException family or
//                         breaks the probe's allocation or time bound is reported as a crash
switch (args)
{
    case ["seed", var folder]:
        Directory.CreateDirectory(folder);
        for (int i = 0; i < FuzzSeeds.Contents.Count; i++)
        {
            foreach (var format in Enum.GetValues<SaveFormat>())
            {
                foreach (var compression in Enum.GetValues<SaveCompression>())
                {
                    byte[] save = FuzzSeeds.Save(FuzzSeeds.Contents[i], format, compression);
                    foreach (var (name, input) in FuzzInput.SeedsFrom(save, $"{format}-{compression}-{i}"))
                    {
                        File.WriteAllBytes(Path.Combine(folder, name), input);
                    }
                }
            }
        }

        return 0;
    case ["frame", var input, var output]:
        File.WriteAllBytes(output, FuzzInput.ToSaveFile(File.ReadAllBytes(input)));
        return 0;
    case ["replay", .. var files]:
        int violations = 0;
        foreach (string file in files)
        {
            byte[] input = FuzzInput.ToSaveFile(File.ReadAllBytes(file));
            var result = LoadProbe.Run(input);
            string? violation = LoadProbe.Violation(input, result);
            violations += violation is null ? 0 : 1;
            Console.WriteLine($"{file}: {violation ?? (result.Refusal is { } r ? r.GetType().Name : "loaded")}");
            if (result.Escape is { } escape)
            {
                Console.WriteLine(escape);
            }
        }

        return violations == 0 ? 0 : 1;
    case []:
        Fuzzer.OutOfProcess.Run(stream =>
        {
            using var buffer = new MemoryStream();
            stream.CopyTo(buffer);
            byte[] input = FuzzInput.ToSaveFile(buffer.ToArray());
            var result = LoadProbe.Run(input);
            if (LoadProbe.Violation(input, result) is { } violation)
            {
                throw new InvalidOperationException(violation, result.Escape);
            }
        });
        return 0;
    default:
        Console.Error.WriteLine("usage: save-fuzz [seed DIR | replay FILE... | frame IN OUT]");
        return 2;
}
