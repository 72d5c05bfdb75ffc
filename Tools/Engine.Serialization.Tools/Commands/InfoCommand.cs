using System.Globalization;
using System.Text.Json;
using Engine.Serialization.Container;
using Engine.Serialization.Errors;
using Engine.Serialization.Inspection;
using Engine.Serialization.Text;

namespace Engine.Serialization.Tools.Commands;

/// <summary>
/// <c>info FILE... [--json]</c>: what each save says of itself (header, metadata, sizes, compression ratio) and whether
/// each checksum holds. A damaged save is shown as far as it can be read, with what is wrong (exit 1); a file that
/// isn't a save at all is one line on stderr (exit 2).
/// </summary>
internal static class InfoCommand
{
    public static int Run(IEnumerable<string> args, ToolOutput output)
    {
        var arguments = ToolArguments.Parse("info", args, [], ["--json"]);
        if (arguments.Positionals.Count == 0)
        {
            throw ToolException.Usage("'info' takes one or more save files");
        }

        bool json = arguments.Flag("--json");
        var reports = new List<Report>();
        int exitCode = 0;
        foreach (string path in arguments.Positionals)
        {
            Report report;
            try
            {
                report = Inspect(path);
            }
            catch (SaveException e)
            {
                output.Problem(e.Message);
                exitCode = 2;
                continue;
            }

            exitCode = Math.Max(exitCode, report.Problem is null ? 0 : 1);
            if (json)
            {
                reports.Add(report);
            }
            else
            {
                WriteText(report, output.Text);
            }
        }

        if (json)
        {
            WriteJson(reports, output.Bytes);
        }

        return exitCode;
    }

    private static Report Inspect(string path)
    {
        var bytes = SaveFileTools.Read(path);
        var checks = SaveFile.Named(path, () => SaveFileTools.Inspect(bytes.Span));
        try
        {
            var info = SaveSerializer.ReadPayload(bytes).Info;
            return new Report(path, bytes.Length, checks, info.Metadata, null);
        }
        catch (SaveException problem)
        {
            SaveMetadata? metadata = null;
            try
            {
                // The header and metadata may be intact where the payload is not.
                metadata = SaveFileTools.ReadInfo(bytes).Metadata;
            }
            catch (SaveException)
            {
            }

            return new Report(path, bytes.Length, checks, metadata, problem.Reason);
        }
    }

    private static void WriteText(Report report, TextWriter text)
    {
        var header = report.Checks.Header;
        var metadata = report.Metadata;
        text.WriteLine(SaveText.Visible(report.Path));
        Line(text, "container", $"version {header.ContainerVersion}; {Names.Of(header.Format)}, {Names.Of(header.Compression)}; schema {header.SchemaVersion}");
        if (metadata is null)
        {
            Line(text, "metadata", "unreadable");
        }
        else
        {
            bool known = SaveFile.FindCodec(metadata.ModelId) is not null;
            Line(text, "model", $"{metadata.ModelId} ({(known ? "known here" : "not known here")})");
            Line(text, "title", metadata.Title);
            Line(text, "slot", metadata.SlotName.Length == 0 ? "(none: not saved through a slot)" : metadata.SlotName);
            Line(text, "game", metadata.GameId.Length == 0 ? "(none)" : metadata.GameId);
            Line(text, "saved", metadata.SavedAtUtc.ToString("u", CultureInfo.InvariantCulture));
            Line(text, "play time", Invariant($"{metadata.PlayTimeSeconds:N1} s ({SaveText.PlayTime(metadata.PlayTimeSeconds)})"));
            Line(text, "thumbnail", metadata.Thumbnail.Length == 0 ? "none" : Invariant($"{metadata.Thumbnail.Length:N0} bytes"));
        }

        string ratio = report.Ratio is { } r ? Invariant($": {r:F2}x") : "";
        Line(text, "sizes", Invariant(
            $"file {report.FileLength:N0} bytes: header {SaveFileTools.HeaderSize}, metadata {header.MetadataLength:N0}, payload {header.PayloadLength:N0} (decoded {header.DecodedLength:N0}{ratio})"));
        var checks = report.Checks;
        Line(text, "checksums", Invariant(
            $"header {checks.HeaderChecksum:x8} {Verdict(checks.HeaderHolds)}, metadata {checks.MetadataChecksum:x8} {Verdict(checks.MetadataHolds)}, payload {header.PayloadChecksum:x16} {Verdict(checks.PayloadHolds)}"));
        if (report.Problem is { } problem)
        {
            Line(text, "problem", problem);
        }
    }

    private static void WriteJson(List<Report> reports, Stream output)
    {
        using (var json = new Utf8JsonWriter(output, new JsonWriterOptions { Indented = true, Encoder = SaveText.JsonEncoder }))
        {
            json.WriteStartArray();
            foreach (var report in reports)
            {
                var header = report.Checks.Header;
                json.WriteStartObject();
                json.WriteString("path", report.Path);
                json.WriteBoolean("intact", report.Problem is null);
                json.WriteString("problem", report.Problem);
                json.WriteNumber("containerVersion", header.ContainerVersion);
                json.WriteString("format", Names.Of(header.Format));
                json.WriteString("compression", Names.Of(header.Compression));
                json.WriteNumber("schemaVersion", header.SchemaVersion);
                if (report.Metadata is { } metadata)
                {
                    json.WriteStartObject("metadata");
                    json.WriteString("modelId", metadata.ModelId);
                    json.WriteBoolean("modelKnown", SaveFile.FindCodec(metadata.ModelId) is not null);
                    json.WriteString("title", metadata.Title);
                    json.WriteString("slotName", metadata.SlotName);
                    json.WriteString("gameId", metadata.GameId);
                    json.WriteString("savedAtUtc", metadata.SavedAtUtc);
                    json.WriteNumber("playTimeSeconds", metadata.PlayTimeSeconds);
                    json.WriteNumber("thumbnailBytes", metadata.Thumbnail.Length);
                    json.WriteEndObject();
                }
                else
                {
                    json.WriteNull("metadata");
                }

                json.WriteStartObject("sizes");
                json.WriteNumber("file", report.FileLength);
                json.WriteNumber("header", SaveFileTools.HeaderSize);
                json.WriteNumber("metadata", header.MetadataLength);
                json.WriteNumber("payload", header.PayloadLength);
                json.WriteNumber("decoded", header.DecodedLength);
                if (report.Ratio is { } ratio)
                {
                    json.WriteNumber("compressionRatio", Math.Round(ratio, 3));
                }
                else
                {
                    json.WriteNull("compressionRatio");
                }

                json.WriteEndObject();
                json.WriteStartObject("checksums");
                Checksum(json, "header", Invariant($"{report.Checks.HeaderChecksum:x8}"), report.Checks.HeaderHolds);
                Checksum(json, "metadata", Invariant($"{report.Checks.MetadataChecksum:x8}"), report.Checks.MetadataHolds);
                Checksum(json, "payload", Invariant($"{header.PayloadChecksum:x16}"), report.Checks.PayloadHolds);
                json.WriteEndObject();
                json.WriteEndObject();
            }

            json.WriteEndArray();
        }

        output.Write("\n"u8);
    }

    private static void Checksum(Utf8JsonWriter json, string name, string value, bool? holds)
    {
        json.WriteStartObject(name);
        json.WriteString("value", value);
        if (holds is { } valid)
        {
            json.WriteBoolean("valid", valid);
        }
        else
        {
            json.WriteNull("valid");
        }

        json.WriteEndObject();
    }

    private static string Verdict(bool? holds) => holds switch
    {
        true => "valid",
        false => "WRONG",
        null => "not checked (the file is too short)",
    };

    /// <summary>One line of the report; what it shows from the file (a title, an id, a path) is shown as text.</summary>
    private static void Line(TextWriter text, string label, string value) => text.WriteLine($"  {label,-10} {SaveText.Visible(value)}");

    private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);

    private sealed record Report(string Path, long FileLength, ContainerChecks Checks, SaveMetadata? Metadata, string? Problem)
    {
        /// <summary>Decoded over stored payload bytes.</summary>
        public double? Ratio => Checks.Header.PayloadLength > 0 ? (double)Checks.Header.DecodedLength / Checks.Header.PayloadLength : null;
    }
}
