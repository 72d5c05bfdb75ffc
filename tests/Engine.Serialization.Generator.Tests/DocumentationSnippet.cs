using System.Globalization;
using System.Text.RegularExpressions;
using Engine.Testing;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Engine.Serialization.Generator.Tests;

/// <summary>What a ```csharp block of the documentation is, and so how a game would compile it.</summary>
internal enum SnippetKind
{
    /// <summary>Statements and type declarations: a game's whole Program.cs, showing its own usings.</summary>
    Program,

    /// <summary>Type declarations only: a file of a game, its usings left out.</summary>
    Declarations,

    /// <summary>Statements only: a piece of a game's code, its usings (but for its own) left out.</summary>
    Fragment,
}

/// <summary>
/// A ```csharp block of README.md or docs/**/*.md, compiled as a game compiles it (<see cref="DocumentationSnippetTests"/>
/// gives the rules). Its lines keep their place in the Markdown file (<c>#line</c>): a diagnostic names "file(line,column)".
/// </summary>
internal sealed partial class DocumentationSnippet
{
    // The SDK's implicit usings for a console program or library (Microsoft.NET.Sdk's ImplicitUsings=enable).
    private const string SdkImplicitUsings = """
        global using global::System;
        global using global::System.Collections.Generic;
        global using global::System.IO;
        global using global::System.Linq;
        global using global::System.Net.Http;
        global using global::System.Threading;
        global using global::System.Threading.Tasks;

        """;

    // The namespaces the documentation's declarations and fragments leave out: exactly those docs/GUIDE.md names.
    private static readonly string EngineUsings = string.Concat(OmittedNamespaces().Select(name => $"global using global::{name};\n"));

    // The game a fragment is a piece of: README's model.
    private const string FragmentGame = """
        [SaveModel]
        [MessagePackObject(keyAsPropertyName: true)]
        public sealed class MyGameState
        {
            public string PlayerName { get; set; } = "";
            public Dictionary<string, int> Inventory { get; set; } = [];
            public HashSet<Guid> OpenedChests { get; set; } = [];
            public TimeSpan PlayTime { get; set; }
        }

        """;

    private readonly CompilationUnitSyntax _code;

    private DocumentationSnippet(MarkdownCodeBlock block)
    {
        Block = block;
        _code = CSharpSyntaxTree.ParseText(block.Text, GeneratorHarness.ParseOptions).GetCompilationUnitRoot();
        bool hasStatements = _code.Members.Any(member => member is GlobalStatementSyntax);
        bool hasDeclarations = _code.Members.Any(member => member is not GlobalStatementSyntax) || _code.AttributeLists.Count > 0;
        Kind = (hasStatements, hasDeclarations) switch
        {
            (true, true) => SnippetKind.Program,
            (true, false) => SnippetKind.Fragment,
            _ => SnippetKind.Declarations,
        };
        ErrorComments = [.. block.Text.Split('\n').SelectMany((line, index) => ErrorComment().Matches(line).Select(match => (match.Groups["id"].Value, block.FirstLine + index)))];
    }

    public MarkdownCodeBlock Block { get; }

    public SnippetKind Kind { get; }

    /// <summary>
    /// The errors the block's comments name, with the lines that carry them: a generator error (<c>// EGEN001</c>), and
    /// the compiler's that follow from it (<c>// EGEN008, and so CS0535</c>).
    /// </summary>
    public IReadOnlyList<(string Id, int Line)> ErrorComments { get; }

    /// <summary>An example of a generator error, as a diagnostics page shows it.</summary>
    public bool IsErrorExample => ErrorComments.Any(comment => comment.Id.StartsWith("EGEN", StringComparison.Ordinal));

    /// <summary>The files whose blocks are the documentation's: README.md and every docs/**/*.md.</summary>
    public static IEnumerable<string> DocumentationFiles() =>
        Directory.EnumerateFiles(Path.Combine(Repository.Root, "docs"), "*.md", SearchOption.AllDirectories)
            .Select(path => Path.GetRelativePath(Repository.Root, path).Replace(Path.DirectorySeparatorChar, '/'))
            .Order(StringComparer.Ordinal)
            .Prepend("README.md");

    /// <summary>Every ```csharp block of the documentation.</summary>
    /// <summary>
    /// The namespaces docs/GUIDE.md's opening says snippets leave out: the backquoted names in the parentheses after
    /// "Snippets leave out their `using` lines", a name starting with a dot being one under Engine.Serialization.
    /// </summary>
    public static IReadOnlyList<string> OmittedNamespaces()
    {
        string guide = File.ReadAllText(Path.Combine(Repository.Root, "docs", "GUIDE.md")).Replace("\n", " ", StringComparison.Ordinal);
        const string Opening = "Snippets leave out their `using` lines (";
        int start = guide.IndexOf(Opening, StringComparison.Ordinal);
        Assert.True(start >= 0, $"docs/GUIDE.md no longer says '{Opening}...)'.");
        string list = guide[(start + Opening.Length)..guide.IndexOf(')', start)];
        return [.. BackQuoted().Matches(list).Select(m => m.Groups[1].Value).Select(name => name.StartsWith('.') ? "Engine.Serialization" + name : name)];
    }

    public static IEnumerable<DocumentationSnippet> All() =>
        DocumentationFiles().SelectMany(MarkdownCodeBlock.In).Where(block => block.Language == "csharp").Select(block => new DocumentationSnippet(block));

    public static DocumentationSnippet At(string location) => All().Single(snippet => snippet.Block.Location == location);

    /// <summary>Compiles the block as a game would, and runs the generator over it.</summary>
    public GeneratorHarness.GeneratorOutput Compile()
    {
        (string Path, string Text) sdkUsings = ("GlobalUsings.g.cs", SdkImplicitUsings);
        var compilation = Kind switch
        {
            SnippetKind.Program => GeneratorHarness.CompileFiles(OutputKind.ConsoleApplication, sdkUsings, ("Program.cs", Mapped(Block.Text, Block.FirstLine))),
            SnippetKind.Declarations => GeneratorHarness.CompileFiles(OutputKind.DynamicallyLinkedLibrary, sdkUsings, ("EngineUsings.cs", EngineUsings), ("Snippet.cs", Mapped(Block.Text, Block.FirstLine))),
            _ => GeneratorHarness.CompileFiles(OutputKind.DynamicallyLinkedLibrary, sdkUsings, ("EngineUsings.cs", EngineUsings), ("MyGameState.cs", FragmentGame), ("Fragment.cs", FragmentInAMethod())),
        };
        return GeneratorHarness.Run(compilation);
    }

    /// <summary>The lines of the block <paramref name="diagnostic"/> spans, or null when it points elsewhere.</summary>
    public (int First, int Last)? LinesOf(Diagnostic diagnostic, Compilation compilation)
    {
        if (MappedSpan(diagnostic, compilation) is not { } span || span.Path != Block.File)
        {
            return null;
        }

        (int first, int last) = (span.StartLinePosition.Line + 1, span.EndLinePosition.Line + 1);
        return first >= Block.FirstLine && last <= Block.LastLine ? (first, last) : null;
    }

    /// <summary><paramref name="diagnostic"/> as the compiler prints it, located in the Markdown file when it is in the block.</summary>
    public static string Describe(Diagnostic diagnostic, Compilation compilation) =>
        MappedSpan(diagnostic, compilation) is { } span
            ? $"{span.Path}({span.StartLinePosition.Line + 1},{span.StartLinePosition.Character + 1}): {diagnostic.Severity.ToString().ToLowerInvariant()} {diagnostic.Id}: {diagnostic.GetMessage(CultureInfo.InvariantCulture)}"
            : diagnostic.ToString();

    // The generator's diagnostics name the file and line as compiled (they outlive the syntax tree, so they can't hold
    // it), without #line's mapping: it is applied here from the tree of that file.
    private static FileLinePositionSpan? MappedSpan(Diagnostic diagnostic, Compilation compilation)
    {
        var location = diagnostic.Location;
        var tree = location.IsInSource ? location.SourceTree : compilation.SyntaxTrees.FirstOrDefault(t => t.FilePath == location.GetLineSpan().Path);
        return tree?.GetMappedLineSpan(location.SourceSpan);
    }

    private string FragmentInAMethod()
    {
        // The fragment's own usings stay at the top; its statements become the method's body.
        int bodyStart = _code.Usings.Count > 0 ? _code.Usings[^1].FullSpan.End : 0;
        int bodyLine = Block.FirstLine + _code.SyntaxTree.GetLineSpan(new Microsoft.CodeAnalysis.Text.TextSpan(bodyStart, 0)).StartLinePosition.Line;
        bool awaits = _code.DescendantTokens().Any(token => token.IsKind(SyntaxKind.AwaitKeyword));
        bool endsInReturn = _code.Members[^1] is GlobalStatementSyntax { Statement: ReturnStatementSyntax or ThrowStatementSyntax };
        return $$"""
            {{Mapped(Block.Text[..bodyStart], Block.FirstLine)}}
            internal static class GameCode
            {
                public static {{(awaits ? "async Task<int>" : "int")}} Run(MyGameState state, string[] args)
                {
            {{Mapped(Block.Text[bodyStart..], bodyLine)}}
                    {{(endsInReturn ? "" : "return 0;")}}
                }

                private static void ShowMessage(string message) => Console.WriteLine(message);
            }
            """;
    }

    // Every line of text (which ends in a line break) is taken for the Markdown file's, counted from firstLine.
    private string Mapped(string text, int firstLine) => $"#line {firstLine} \"{Block.File}\"\n{text}#line default\n";

    [GeneratedRegex(@"(?<=//.*)\b(?<id>EGEN\d{3}|CS\d{4})\b")]
    private static partial Regex ErrorComment();

    [GeneratedRegex("`([^`]+)`")]
    private static partial Regex BackQuoted();
}
