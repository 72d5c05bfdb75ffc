using Microsoft.CodeAnalysis;

namespace Engine.Serialization.Generator.Tests;

public sealed class GeneratorDiagnosticsTests
{
    private const string Resolver = """

        [GeneratedFormatterResolver(typeof(Sample.Root))]
        internal sealed partial class RootResolver : IFormatterResolver { }
        """;

    [Fact]
    public void Generate_HashSetMember_ReportsUnsupportedType()
    {
        AssertSingle("EGEN001", """
            namespace Sample;
            [MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root { public HashSet<int> Set { get; set; } = new(); }
            """, "System.Collections.Generic.HashSet<int>", "Root.Set");
    }

    [Theory]
    [InlineData("decimal")]
    [InlineData("System.Guid")]
    [InlineData("System.TimeSpan")]
    [InlineData("int[,]")]
    [InlineData("List<System.Guid>")]
    public void Generate_TypeOnlyAResolverServes_ReportsUnsupportedType(string memberType)
    {
        AssertSingle("EGEN001", $$"""
            namespace Sample;
            [MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root { public {{memberType}} Value { get; set; } = default!; }
            """, "Root.Value", "generated code");
    }

    [Theory]
    [InlineData("Dictionary<string, int>")]
    [InlineData("Dictionary<int, Root>")]
    public void Generate_DictionaryMember_ReportsHashKeyedCollection(string memberType)
    {
        AssertSingle("EGEN010", $$"""
            namespace Sample;
            [MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root { public {{memberType}} Map { get; set; } = new(); }
            """, "System.Collections.Generic." + memberType.Replace("Root", "Sample.Root", StringComparison.Ordinal), "Root.Map", "list of entries");
    }

    [Fact]
    public void Generate_ModelWithErrors_EmitsOnlyTheRootsSurface()
    {
        var run = GeneratorHarness.Run(GeneratorHarness.Compile("""
            namespace Sample;
            [MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root { public decimal Price { get; set; } }
            public static class Caller
            {
                public static void Use(ref MessagePackWriter writer) => RootResolver.Write(ref writer, new Root());
            }
            """ + Resolver));

        Assert.Equal("EGEN001", Assert.Single(run.Diagnostics).Id);
        GeneratorHarness.AssertClean(run.Compilation.GetDiagnostics());
    }

    [Fact]
    public void Generate_MemberTypeWithoutMessagePackObject_ReportsUnsupportedType()
    {
        AssertSingle("EGEN001", """
            namespace Sample;
            public sealed class Plain { public int A { get; set; } }
            [MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root { public Plain? Value { get; set; } }
            """, "Sample.Plain", "Root.Value");
    }

    [Fact]
    public void Generate_IntegerKey_ReportsIntegerKey()
    {
        AssertSingle("EGEN002", """
            namespace Sample;
            [MessagePackObject]
            public sealed class Root { [Key(0)] public int Id { get; set; } }
            """, "Sample.Root", "Id");
    }

    [Fact]
    public void Generate_PublicMemberWithoutKey_ReportsMissingKey()
    {
        AssertSingle("EGEN003", """
            namespace Sample;
            [MessagePackObject]
            public sealed class Root
            {
                [Key("id")] public int Id { get; set; }
                public int Other { get; set; }
            }
            """, "Sample.Root", "Other");
    }

    [Fact]
    public void Generate_SameKeyTwice_ReportsDuplicateKey()
    {
        AssertSingle("EGEN004", """
            namespace Sample;
            [MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root
            {
                public int A { get; set; }
                [Key("A")] public int B { get; set; }
            }
            """, "Sample.Root", "'A'", "'B'");
    }

    [Fact]
    public void Generate_ClassWithoutParameterlessConstructor_ReportsMissingConstructor()
    {
        AssertSingle("EGEN005", """
            namespace Sample;
            [MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root
            {
                public Root(int a) => A = a;
                public int A { get; set; }
            }
            """, "Sample.Root");
    }

    [Theory]
    [InlineData("public int A { get; }")]
    [InlineData("public int A { get; init; }")]
    [InlineData("public int A { get; private set; }")]
    [InlineData("public readonly int A;")]
    public void Generate_MemberThatCannotBeSet_ReportsNotSettable(string member)
    {
        AssertSingle("EGEN006", $$"""
            namespace Sample;
            [MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root { {{member}} }
            """, "Sample.Root", "'A'");
    }

    [Fact]
    public void Generate_PrivateMemberWithKey_ReportsNotSettable()
    {
        AssertSingle("EGEN006", """
            namespace Sample;
            [MessagePackObject]
            public sealed class Root { [Key("a")] private int A { get; set; } public int Get() => A; }
            """, "Sample.Root", "'A'");
    }

    [Theory]
    [InlineData("public interface IShape { }", "IShape")]
    [InlineData("[MessagePackObject(true)] public abstract class Shape { }", "Shape")]
    [InlineData("[Union(0, typeof(Circle))] [MessagePackObject(true)] public class Shape { } [MessagePackObject(true)] public sealed class Circle : Shape { }", "Shape")]
    public void Generate_PolymorphicMemberType_ReportsPolymorphicType(string declarations, string shapeType)
    {
        AssertSingle("EGEN007", $$"""
            namespace Sample;
            {{declarations}}
            [MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root { public {{shapeType}}? Shape { get; set; } }
            """, "Sample." + shapeType, "Root.Shape");
    }

    [Fact]
    public void Generate_NestedResolver_ReportsInvalidResolver()
    {
        var compilation = GeneratorHarness.Compile("""
            namespace Sample;
            [MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root { public int A { get; set; } }
            public static partial class Outer
            {
                [GeneratedFormatterResolver(typeof(Root))]
                internal sealed partial class Nested : IFormatterResolver { }
            }
            """);

        var diagnostic = Assert.Single(GeneratorHarness.Run(compilation).Diagnostics);

        Assert.Equal("EGEN008", diagnostic.Id);
        Assert.Contains("Nested", diagnostic.GetMessage(), StringComparison.Ordinal);
    }

    [Fact]
    public void Generate_FileLocalType_ReportsInaccessibleType()
    {
        AssertSingle("EGEN009", """
            namespace Sample;
            [MessagePackObject(keyAsPropertyName: true)]
            file sealed class Hidden { public int A { get; set; } }
            [GeneratedFormatterResolver(typeof(Hidden))]
            internal sealed partial class HiddenResolver : IFormatterResolver { }
            """, "Hidden");
    }

    [Fact]
    public void Generate_Diagnostics_AreErrorsLocatedAtTheMember()
    {
        var compilation = GeneratorHarness.Compile("""
            namespace Sample;
            [MessagePackObject]
            public sealed class Root { [Key(3)] public int Id { get; set; } }
            """ + Resolver);

        var diagnostic = Assert.Single(GeneratorHarness.Run(compilation).Diagnostics);

        var text = compilation.SyntaxTrees[0].GetText();
        var memberLine = text.Lines.GetLineFromPosition(text.ToString().IndexOf("[Key(3)]", StringComparison.Ordinal)).LineNumber;
        Assert.Equal(DiagnosticSeverity.Error, diagnostic.Severity);
        Assert.Equal(memberLine, diagnostic.Location.GetLineSpan().StartLinePosition.Line);
    }

    [Fact]
    public void Generate_RootInReferencedAssembly_ReportsAtTheAttribute()
    {
        var core = GeneratorHarness.CompileReference("""
            namespace Core;
            [MessagePackObject]
            public sealed class Root { [Key(1)] public int Id { get; set; } }
            """, "Core");
        var compilation = GeneratorHarness.Compile("""
            [GeneratedFormatterResolver(typeof(Core.Root))]
            internal sealed partial class CoreResolver : IFormatterResolver { }
            """, "Consumer", core);

        var diagnostic = Assert.Single(GeneratorHarness.Run(compilation).Diagnostics);

        Assert.Equal("EGEN002", diagnostic.Id);
        Assert.Contains("Core.Root", diagnostic.GetMessage(), StringComparison.Ordinal);
        var span = diagnostic.Location.GetLineSpan();
        Assert.Equal("Consumer.cs", span.Path);
        Assert.StartsWith("GeneratedFormatterResolver(", compilation.SyntaxTrees[0].ToString()[diagnostic.Location.SourceSpan.Start..], StringComparison.Ordinal);
    }

    private static void AssertSingle(string id, string source, params string[] messageParts)
    {
        var fullSource = source.Contains("GeneratedFormatterResolver", StringComparison.Ordinal) ? source : source + Resolver;
        var run = GeneratorHarness.Run(GeneratorHarness.Compile(fullSource));

        var diagnostic = Assert.Single(run.Diagnostics);
        Assert.Equal(id, diagnostic.Id);
        Assert.Equal(DiagnosticSeverity.Error, diagnostic.Severity);
        var message = diagnostic.GetMessage(System.Globalization.CultureInfo.InvariantCulture);
        foreach (var part in messageParts)
        {
            Assert.Contains(part, message, StringComparison.Ordinal);
        }
    }
}
