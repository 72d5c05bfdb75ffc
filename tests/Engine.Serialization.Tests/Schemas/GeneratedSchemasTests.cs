using System.Buffers;
using System.Diagnostics;
using System.Text;
using System.Text.RegularExpressions;
using Engine.Core.Model;
using Engine.Serialization.Models;
using Engine.Serialization.Tests.Versioning;
using Engine.Testing;
using RpgGame.Lore;
using RpgGame.Model;

namespace Engine.Serialization.Tests.Schemas;

/// <summary>
/// Each save model's schemas, generated from its declaration, are checked in beside the model: its .proto (also the
/// record of its field numbers the generator reads back), its XSD, and its member tables (GameContent's in
/// docs/FORMAT.md). These tests hold the checked-in copies to the model, and hand payloads to protoc and xmllint with
/// them. <c>bash build/schemas.sh</c> writes them again (it runs these tests with SCHEMAS_UPDATE=1).
/// </summary>
public sealed class GeneratedSchemasTests
{
    private const string TablesStart = "<!-- member tables: {0} (generated: bash build/schemas.sh) -->";
    private const string TablesEnd = "<!-- end of member tables -->";

    private static readonly Regex UnnamedField = new(@"^\s*\d+(:| \{)", RegexOptions.Multiline);

    private static readonly bool Update = Environment.GetEnvironmentVariable("SCHEMAS_UPDATE") == "1";

    public static TheoryData<string> Models() => ["GameContent", "PartyState", "Codex"];

    [Theory]
    [MemberData(nameof(Models))]
    public void CheckedInProto_IsWhatTheModelGenerates(string model)
    {
        var files = Files(model);
        Matches(Path.Combine(files.Folder, files.Schemas.ProtoFileName), files.Schemas.Proto);
    }

    /// <summary>The test models' kept records of schema 1: what their release-1 models (still declared beside them) generate (build/schemas.sh writes them too).</summary>
    [Theory]
    [InlineData("tests.colony")]
    [InlineData("tests.journal")]
    [InlineData("tests.tally")]
    public void CheckedInKeptProto_IsWhatItsEarlierReleasesModelGenerates(string modelId)
    {
        var release1 = modelId switch
        {
            ColonyV2.ModelId => SaveModels.SchemasOf<ColonyV1>(),
            JournalV2.ModelId => SaveModels.SchemasOf<JournalV1>(),
            _ => SaveModels.SchemasOf<TallyV1>(),
        };

        Matches(Path.Combine(Repository.Root, "tests", "Engine.Serialization.Tests", "Versioning", "Schemas", $"{modelId}.schema-1.proto"), release1.Proto);
    }

    [Theory]
    [MemberData(nameof(Models))]
    public void CheckedInXsd_IsWhatTheModelGenerates(string model)
    {
        var files = Files(model);
        Matches(Path.Combine(files.Folder, files.Schemas.XsdFileName), files.Schemas.Xsd);
    }

    [Theory]
    [MemberData(nameof(Models))]
    public void CheckedInMemberTables_AreWhatTheModelGenerates(string model)
    {
        var files = Files(model);
        if (files.TablesIn is not { } document)
        {
            Matches(Path.Combine(files.Folder, Path.ChangeExtension(files.Schemas.ProtoFileName, ".md")), files.Schemas.MemberTables);
            return;
        }

        string path = Path.Combine(Repository.Root, document);
        string text = File.ReadAllText(path);
        string start = string.Format(null, TablesStart, files.Schemas.ProtoFileName[..^".proto".Length]);
        int from = text.IndexOf(start, StringComparison.Ordinal);
        int to = text.IndexOf(TablesEnd, Math.Max(from, 0), StringComparison.Ordinal);
        Assert.True(from >= 0 && to > from, $"{document} has no \"{start}\" ... \"{TablesEnd}\" section");
        string section = text[(from + start.Length)..to];
        string expected = "\n\n" + files.Schemas.MemberTables + "\n";
        if (Update && section != expected)
        {
            File.WriteAllText(path, text[..(from + start.Length)] + expected + text[to..]);
            return;
        }

        Assert.True(section == expected, $"{document}'s member tables are not what the model generates: run bash build/schemas.sh");
    }

    [Theory]
    [MemberData(nameof(Models))]
    public void Protoc_DecodesPayloads_WithTheCheckedInProto(string model)
    {
        var files = Files(model);
        string proto = Path.Combine(files.Folder, files.Schemas.ProtoFileName);
        string root = Regex.Match(File.ReadAllText(proto), @"protoc --decode=(?<root>[\w.]+)").Groups["root"].Value;
        foreach (var (payload, text) in files.Payloads(SaveFormat.Protobuf))
        {
            var (exitCode, output) = Tool("protoc", payload, $"--decode={root}", $"--proto_path={files.Folder}", "--proto_path=/usr/include", proto);

            Assert.True(exitCode == 0, output);
            Assert.Contains(Quoted(text), output, StringComparison.Ordinal);

            // protoc prints a field the .proto doesn't name by its number ("4: ..." or "4 {") and still succeeds: a
            // schema whose numbers are not the payload's would pass the lines above, so no field may go unnamed.
            Assert.True(!UnnamedField.IsMatch(output), $"protoc found fields the .proto doesn't name:\n{output}");
        }
    }

    [Theory]
    [MemberData(nameof(Models))]
    public void Xmllint_ValidatesPayloads_AgainstTheCheckedInXsd(string model)
    {
        var files = Files(model);
        string xsd = Path.Combine(files.Folder, files.Schemas.XsdFileName);
        foreach (var (payload, _) in files.Payloads(SaveFormat.Xml))
        {
            string path = Path.Combine(Path.GetTempPath(), $"payload-{Guid.NewGuid():N}.xml");
            File.WriteAllBytes(path, payload);
            try
            {
                var (exitCode, output) = Tool("xmllint", [], "--noout", "--schema", xsd, path);

                Assert.True(exitCode == 0, output);
            }
            finally
            {
                File.Delete(path);
            }
        }
    }

    /// <summary>
    /// The checked-in file holds <paramref name="generated"/>; with SCHEMAS_UPDATE=1, it is written so (a .proto of an
    /// earlier schema version kept first as the record of that schema's field numbers, see <see cref="KeptProtos"/>).
    /// </summary>
    private static void Matches(string path, string generated)
    {
        if (Update && (!File.Exists(path) || File.ReadAllText(path) != generated))
        {
            Directory.CreateDirectory(Path.GetDirectoryName(path)!);
            if (Path.GetExtension(path) == ".proto")
            {
                KeptProtos.Keep(path, generated);
            }

            File.WriteAllText(path, generated);
            return;
        }

        Assert.True(File.Exists(path), $"{path} is missing: run bash build/schemas.sh and check it in");
        Assert.True(File.ReadAllText(path) == generated, $"{path} is not what the model generates: run bash build/schemas.sh and check it in");
    }

    private static ModelFiles Files(string model) => model switch
    {
        "GameContent" => new(
            SaveModels.SchemasOf<GameContent>(),
            Path.Combine(Repository.Root, "Engine.Core", "Schemas"),
            "docs/FORMAT.md",
            format => new[] { ContentGenerator.Create(ContentSize.Small), ContentGenerator.CreateEdgeCases() }.Select(c => (Payload(format, c), c.Rooms[0].Name))),
        "Codex" => new(
            SaveModels.SchemasOf<Codex>(),
            Path.Combine(Repository.Root, "tests", "RpgGame.Lore", "Schemas"),
            null,
            format => new[] { CodexFactory.Sample() }.Concat(Enumerable.Range(1, 10).Select(CodexFactory.Random)).Select(c => (Payload(format, c), c.Title))),
        _ => new(
            SaveModels.SchemasOf<PartyState>(),
            Path.Combine(Repository.Root, "tests", "RpgGame", "Schemas"),
            null,
            format => new[] { PartyFactory.Sample() }
                .Concat(Enumerable.Range(1, 30).Select(PartyFactory.Random).Where(p => !PartyFactory.HoldsInvalidText(p)))
                .Select(p => (Payload(format, p), p.Heroes.Count > 0 ? p.Heroes[0].Name : p.PartyName))),
    };

    private static byte[] Payload<T>(SaveFormat format, T content)
    {
        var buffer = new ArrayBufferWriter<byte>();
        SaveFormats.Get<T>(format).Write(buffer, content);
        return buffer.WrittenSpan.ToArray();
    }

    /// <summary>Text as protoc prints a string field: quoted, with its escapes (non-ASCII as octal bytes).</summary>
    private static string Quoted(string text)
    {
        var quoted = new StringBuilder();
        foreach (byte b in Encoding.UTF8.GetBytes(text))
        {
            quoted.Append(b switch
            {
                (byte)'"' => "\\\"",
                (byte)'\\' => "\\\\",
                (byte)'\'' => "\\'",
                (byte)'\n' => "\\n",
                (byte)'\r' => "\\r",
                (byte)'\t' => "\\t",
                < 0x20 or >= 0x7F => "\\" + Convert.ToString(b, 8).PadLeft(3, '0'),
                _ => ((char)b).ToString(),
            });
        }

        return quoted.ToString();
    }

    private static (int ExitCode, string Output) Tool(string tool, byte[] input, params string[] arguments)
    {
        var start = new ProcessStartInfo(tool) { RedirectStandardInput = true, RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (string argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        Process process;
        try
        {
            process = Process.Start(start)!;
        }
        catch (System.ComponentModel.Win32Exception e)
        {
            throw new InvalidOperationException($"{tool} is not installed: build/test.sh installs it (apt-get install protobuf-compiler libxml2-utils).", e);
        }

        using (process)
        {
            var output = process.StandardOutput.ReadToEndAsync();
            var errors = process.StandardError.ReadToEndAsync();
            process.StandardInput.BaseStream.Write(input);
            process.StandardInput.Close();
            process.WaitForExit();
            return (process.ExitCode, output.Result + errors.Result);
        }
    }

    /// <summary>A model's schemas, where they are checked in, and payloads to hand the tools (each with a text its decoding shows).</summary>
    private sealed record ModelFiles(SaveModelSchemas Schemas, string Folder, string? TablesIn, Func<SaveFormat, IEnumerable<(byte[] Payload, string Text)>> Payloads);
}
