using System.Xml;
using Engine.Testing;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Engine.Serialization.Generator.Tests;

/// <summary>
/// The documentation is what game developers copy: every ```csharp block of README.md and docs/**/*.md compiles, with
/// the generator run and nullable enabled, without an error or a warning, generated code included; an example of a
/// generator error reports exactly the errors its comments name, on those lines. Blocks are found anew each run, so a
/// new page or snippet is checked with no change here. What a block may leave out (docs/GUIDE.md says it in a sentence):
/// <list type="bullet">
/// <item>statements and type declarations together are a whole program, a game's Program.cs: it shows its own usings,
/// so it gets only the .NET SDK's implicit ones (System, System.Collections.Generic, System.IO, System.Linq, ...);</item>
/// <item>type declarations alone also get the engine's namespaces, exactly those docs/GUIDE.md's opening names
/// (<see cref="DocumentationSnippet.OmittedNamespaces"/>);</item>
/// <item>statements alone are a piece of a game's code, the body of a method given the same usings, the game's state
/// <c>MyGameState state</c> (README's model), <c>string[] args</c> and <c>ShowMessage(string)</c>; its own using
/// directives go to the top of the file;</item>
/// <item>a block with a line commented <c>// EGENnnn</c> is an example of that generator error (a diagnostics page's),
/// the comment also naming any compiler error that follows from it (<c>// EGEN008, and so CS0535</c>).</item>
/// </list>
/// Every ```xml block is well-formed XML.
/// </summary>
public sealed class DocumentationSnippetTests
{
    public static TheoryData<string> Snippets => [.. DocumentationSnippet.All().Where(s => !s.IsErrorExample).Select(s => s.Block.Location)];

    public static TheoryData<string> ErrorExamples => [.. DocumentationSnippet.All().Where(s => s.IsErrorExample).Select(s => s.Block.Location)];

    public static TheoryData<string> XmlBlocks => [.. XmlBlocksOfTheDocumentation().Select(block => block.Location)];

    // A protobuf field clash (EGEN019) is reported at the model's [SaveModel]: the numbering knows the type, not the
    // member. Such an error only has to be within its example; every other points at the line its comment is on.
    private static readonly string[] ReportedAtTheModel = ["EGEN019"];

    /// <summary>A game's code names only the public API: nothing in a block binds to the namespace of generated code's plumbing.</summary>
    [Theory]
    [MemberData(nameof(Snippets))]
    public void Snippet_Compiles_WithoutErrorsOrWarnings_AgainstThePublicApi(string block)
    {
        var run = DocumentationSnippet.At(block).Compile();

        GeneratorHarness.AssertClean([.. run.Diagnostics, .. run.Compilation.GetDiagnostics()], d => DocumentationSnippet.Describe(d, run.Compilation));
        var internals = run.Compilation.SyntaxTrees
            .Where(tree => tree.FilePath is "Program.cs" or "Snippet.cs" or "Fragment.cs")
            .SelectMany(tree =>
            {
                var model = run.Compilation.GetSemanticModel(tree);
                return tree.GetRoot().DescendantNodes().OfType<NameSyntax>().Where(name => NamesInternal(model.GetSymbolInfo(name).Symbol));
            })
            .Select(name => $"{name.GetLocation().GetMappedLineSpan()}: {name}")
            .ToList();
        Assert.True(internals.Count == 0, "Names of Engine.Serialization.Internal, which games don't use:\n" + string.Join("\n", internals));
    }

    [Theory]
    [MemberData(nameof(ErrorExamples))]
    public void ErrorExample_ReportsTheErrorsItsCommentsName_OnTheirLines(string block)
    {
        var snippet = DocumentationSnippet.At(block);
        var run = snippet.Compile();

        var unexplained = new List<Diagnostic>();
        var unreported = snippet.ErrorComments.ToList();
        foreach (var diagnostic in GeneratorHarness.Problems([.. run.Diagnostics, .. run.Compilation.GetDiagnostics()]))
        {
            var lines = snippet.LinesOf(diagnostic, run.Compilation);
            int comment = unreported.FindIndex(c => c.Id == diagnostic.Id && lines is (int first, int last)
                && (ReportedAtTheModel.Contains(c.Id) || (c.Line >= first && c.Line <= last)));
            if (comment < 0)
            {
                unexplained.Add(diagnostic);
            }
            else
            {
                unreported.RemoveAt(comment);
            }
        }

        Assert.True(
            unexplained.Count == 0 && unreported.Count == 0,
            string.Join(Environment.NewLine, [
                .. unreported.Select(c => $"{snippet.Block.File}:{c.Line}: no {c.Id} reported on this line, as its comment says"),
                .. unexplained.Select(d => "not in a comment: " + DocumentationSnippet.Describe(d, run.Compilation))]));
    }

    [Fact]
    public void TheDocumentation_HasBlocksOfEveryKind_AndErrorExamples()
    {
        var snippets = DocumentationSnippet.All().ToList();

        Assert.All(Enum.GetValues<SnippetKind>(), kind => Assert.Contains(snippets, s => s.Kind == kind));
        Assert.Equal(SnippetKind.Program, snippets.Single(s => s.Block is { File: "README.md", Section: "Using it" }).Kind);
        Assert.Contains(snippets, s => s.IsErrorExample);
        Assert.Contains("docs/diagnostics/EGEN001.md", DocumentationSnippet.DocumentationFiles());
    }

    /// <summary>
    /// Only ```csharp blocks are compiled: a block fenced ```cs or ```c# would be skipped in silence, so every block must
    /// name a language this class checks (csharp, xml) or one that is no C# (a shell's, a .proto, JSON, plain text or none).
    /// </summary>
    [Fact]
    public void EveryBlock_IsInALanguageTheseTestsCheck_OrNoCSharp()
    {
        string[] known = ["csharp", "xml", "sh", "proto", "json", "text", ""];
        var blocks = DocumentationSnippet.DocumentationFiles().SelectMany(MarkdownCodeBlock.In).ToList();

        Assert.All(blocks, block => Assert.True(known.Contains(block.Language), $"{block.Location}: a ```{block.Language} block is neither compiled nor known to be no C#"));
    }

    [Theory]
    [MemberData(nameof(XmlBlocks))]
    public void XmlBlock_IsWellFormed(string block)
    {
        string xml = XmlBlocksOfTheDocumentation().Single(b => b.Location == block).Text;

        // A piece of a project file may have several roots (a PropertyGroup and an ItemGroup): a fragment, to XML.
        using var reader = XmlReader.Create(new StringReader(xml), new XmlReaderSettings { ConformanceLevel = ConformanceLevel.Fragment });
        while (reader.Read())
        {
        }

        Assert.True(reader.EOF);
    }

    private static IEnumerable<MarkdownCodeBlock> XmlBlocksOfTheDocumentation() =>
        DocumentationSnippet.DocumentationFiles().SelectMany(MarkdownCodeBlock.In).Where(block => block.Language == "xml");

    private static bool NamesInternal(ISymbol? symbol) =>
        (symbol as INamespaceSymbol ?? symbol?.ContainingNamespace)?.ToDisplayString() == "Engine.Serialization.Internal";
}
