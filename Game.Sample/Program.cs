using System.Diagnostics;
using Engine.Core.Generation;
using Engine.Serialization;

// The sample game grows into a playable adventure (issue 4); for now its demo saves and loads
// generated content of each size and checks that what it loaded re-encodes to the same bytes.
if (args is not ["demo"])
{
    Console.Error.WriteLine("usage: game-sample demo");
    return 2;
}

Console.WriteLine($"{"size",-8} {"bytes",12} {"save ms",9} {"load ms",9}  ok");
bool allOk = true;
foreach (var size in Enum.GetValues<ContentSize>())
{
    var content = ContentGenerator.Create(size);
    var clock = Stopwatch.StartNew();
    byte[] saved = SaveSerializer.Save(content);
    double saveMs = clock.Elapsed.TotalMilliseconds;
    clock.Restart();
    var loaded = SaveSerializer.Load(saved);
    double loadMs = clock.Elapsed.TotalMilliseconds;
    bool ok = SaveSerializer.Save(loaded).AsSpan().SequenceEqual(saved);
    allOk &= ok;
    Console.WriteLine($"{size,-8} {saved.Length,12:N0} {saveMs,9:F1} {loadMs,9:F1}  {(ok ? "ok" : "MISMATCH")}");
}

return allOk ? 0 : 1;
