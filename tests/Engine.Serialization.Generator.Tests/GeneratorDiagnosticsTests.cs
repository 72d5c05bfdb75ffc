using Microsoft.CodeAnalysis;

namespace Engine.Serialization.Generator.Tests;

/// <summary>
/// Every declaration the generator would handle differently from MessagePack-CSharp, or not at all, is a build error
/// naming the member and the fix; and what it supports compiles without a diagnostic.
/// </summary>
public sealed class GeneratorDiagnosticsTests
{
    private const string Resolver = """

        [GeneratedFormatterResolver(typeof(Sample.Root))]
        internal sealed partial class RootResolver : IFormatterResolver { }
        """;

    [Theory]
    [InlineData("System.Collections.Generic.Dictionary<string, int>")]
    [InlineData("System.Collections.Generic.Dictionary<int, Root>")]
    [InlineData("System.Collections.Generic.HashSet<string>")]
    [InlineData("System.Collections.Generic.IReadOnlyList<int>")]
    [InlineData("System.Collections.Generic.IDictionary<System.Guid, string?>")]
    [InlineData("System.Collections.Generic.Queue<int>")]
    [InlineData("int[,]")]
    [InlineData("(int, string)")]
    [InlineData("System.Collections.Generic.KeyValuePair<string, int>")]
    [InlineData("decimal")]
    [InlineData("System.Guid")]
    [InlineData("System.TimeSpan")]
    [InlineData("System.DateTimeOffset")]
    [InlineData("System.Half")]
    [InlineData("System.Numerics.Matrix4x4")]
    [InlineData("System.Numerics.Plane")]
    public void Generate_TypesGamesUse_CompileWithoutDiagnostics(string memberType)
    {
        AssertClean($$"""
            namespace Sample;
            [MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root { public {{memberType}} Value { get; set; } = default!; }
            """);
    }

    [Theory]
    [InlineData("public sealed record Root(string Name, int Level);")]
    [InlineData("public sealed class Root { public Root(string name) => Name = name; public string Name { get; } }")]
    [InlineData("public sealed class Root { public string Name { get; init; } = \"\"; public int Count => Name.Length; }")]
    [InlineData("public sealed class Root { public readonly int A; public Root(int a) => A = a; }")]
    [InlineData("public sealed class Root { public required string Name { get; set; } }")]
    public void Generate_ImmutableTypes_CompileWithoutDiagnostics(string declaration)
    {
        AssertClean($$"""
            namespace Sample;
            [MessagePackObject(keyAsPropertyName: true)]
            {{declaration}}
            """);
    }

    [Fact]
    public void Generate_UnsupportedMemberType_ReportsUnsupportedType()
    {
        AssertSingle("EGEN001", """
            namespace Sample;
            public sealed class Plain { public int A { get; set; } }
            [MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root { public Plain? Value { get; set; } }
            """, "Sample.Plain", "Root.Value", "[MessagePackObject]");
    }

    [Fact]
    public void Generate_ArrayOfRankFive_ReportsUnsupportedType()
    {
        AssertSingle("EGEN001", """
            namespace Sample;
            [MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root { public int[,,,,] Value { get; set; } = default!; }
            """, "int[*,*,*,*,*]");
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
            [MessagePackObject]
            public sealed class Root
            {
                [Key("a")] public int A { get; set; }
                [Key("a")] public int B { get; set; }
            }
            """, "Sample.Root", "'a'", "'A'", "'B'");
    }

    [Theory]
    [InlineData("public Root(int b) => A = b; public int A { get; set; }", "match members")]
    [InlineData("private Root() { } public int A { get; set; }", "no public constructor")]
    [InlineData("[SerializationConstructor] public Root(string zzz) { } public Root() { } public int A { get; set; }", "'zzz'")]
    public void Generate_NoConstructorToReadWith_ReportsNoConstructor(string body, string reason)
    {
        AssertSingle("EGEN005", $$"""
            namespace Sample;
            [MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root { {{body}} }
            """, "Sample.Root", reason);
    }

    [Theory]
    [InlineData("public int A { get; }", "get-only")]
    [InlineData("public int A { get; private set; }", "setter is not public")]
    [InlineData("public readonly int A;", "readonly")]
    [InlineData("public int A { private get; set; }", "never be written")]
    public void Generate_MemberThatWouldNotComeBack_ReportsMemberNotRestored(string member, string reason)
    {
        AssertSingle("EGEN006", $$"""
            namespace Sample;
            [MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root { {{member}} }
            """, "Sample.Root", "'A'", reason);
    }

    [Fact]
    public void Generate_ComputedMember_IsLeftOutQuietly()
    {
        AssertClean("""
            namespace Sample;
            [MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root { public int A { get; set; } public int Twice => A * 2; }
            """);
    }

    [Theory]
    [InlineData("public interface IShape { }", "IShape")]
    [InlineData("[MessagePackObject(true)] public abstract class Shape { }", "Shape")]
    public void Generate_AbstractMemberTypeWithoutUnion_ReportsAbstractWithoutUnion(string declarations, string shapeType)
    {
        AssertSingle("EGEN007", $$"""
            namespace Sample;
            {{declarations}}
            [MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root { public {{shapeType}}? Shape { get; set; } }
            """, "Sample." + shapeType, "Root.Shape", "[Union");
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

    [Theory]
    [InlineData("System.Collections.Generic.Dictionary<decimal, int>", "decimal")]
    [InlineData("System.Collections.Generic.HashSet<System.TimeSpan>", "System.TimeSpan")]
    [InlineData("System.Collections.Generic.Dictionary<Key, int>", "Sample.Key")]
    public void Generate_KeyWithoutCollisionResistantHashing_ReportsUnhashableKey(string memberType, string key)
    {
        AssertSingle("EGEN010", $$"""
            namespace Sample;
            [MessagePackObject(true)] public sealed record Key(int A);
            [MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root { public {{memberType}} Map { get; set; } = new(); }
            """, key, "Root.Map", "collision-resistant");
    }

    [Fact]
    public void Generate_KeyOnAKeyAsPropertyNameMember_ReportsKeyInMapMode()
    {
        AssertSingle("EGEN011", """
            namespace Sample;
            [MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root { [Key("renamed")] public string Original { get; set; } = ""; }
            """, "Sample.Root", "'Original'");
    }

    [Theory]
    [InlineData("""
        [MessagePackObject(true)] public class Base { public int A { get; set; } }
        [MessagePackObject(true)] public sealed class Root : Base { public new int A { get; set; } }
        """)]
    [InlineData("""
        [MessagePackObject] public class Base { [Key("a")] public virtual int A { get; set; } }
        [MessagePackObject] public sealed class Root : Base { [Key("b")] public override int A { get; set; } }
        """)]
    public void Generate_MemberHidingAnother_ReportsHiddenMember(string declarations)
    {
        AssertSingle("EGEN012", "namespace Sample;\n" + declarations, "Sample.Root", "'A'", "Sample.Base");
    }

    [Fact]
    public void Generate_KeyOnANonPublicMemberWithoutAllowPrivate_ReportsNonPublicKey()
    {
        AssertSingle("EGEN013", """
            namespace Sample;
            [MessagePackObject]
            public sealed class Root { [Key("a")] private int A { get; set; } public int Get() => A; }
            """, "Sample.Root", "'A'", "AllowPrivate");
    }

    [Fact]
    public void Generate_KeyOnANonPublicMemberWithAllowPrivate_Compiles()
    {
        AssertClean("""
            namespace Sample;
            [MessagePackObject(AllowPrivate = true)]
            public sealed class Root { [Key("a")] private int A { get; set; } [Key("b")] internal string B = ""; public int Get() => A; }
            """);
    }

    [Theory]
    [InlineData("""[Union(0, "Sample.Circle")] public abstract class Shape { }""", "typeof")]
    [InlineData("""[Union(0, typeof(Circle))] [Union(0, typeof(Square))] public abstract class Shape { }""", "twice")]
    [InlineData("""[Union(0, typeof(Other))] public abstract class Shape { }""", "does not derive")]
    [InlineData("""[Union(0, typeof(Circle))] public class Shape { }""", "abstract class or an interface")]
    public void Generate_InvalidUnion_ReportsInvalidUnion(string shape, string reason)
    {
        AssertSingle("EGEN014", $$"""
            namespace Sample;
            {{shape}}
            [MessagePackObject(true)] public sealed class Circle : Shape { public float R { get; set; } }
            [MessagePackObject(true)] public sealed class Square : Shape { public float Side { get; set; } }
            [MessagePackObject(true)] public sealed class Other { public float X { get; set; } }
            [MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root { public Shape? Shape { get; set; } }
            """, "Sample.Shape", reason);
    }

    [Theory]
    [InlineData("WrongFormatter", "IMessagePackFormatter<int>")]
    [InlineData("NoInstanceFormatter", "Instance")]
    public void Generate_InvalidFormatter_ReportsInvalidFormatter(string formatter, string reason)
    {
        AssertSingle("EGEN015", $$"""
            namespace Sample;
            using MessagePack.Formatters;
            public sealed class WrongFormatter : IMessagePackFormatter<string>
            {
                public void Serialize(ref MessagePackWriter writer, string value, MessagePackSerializerOptions options) { }
                public string Deserialize(ref MessagePackReader reader, MessagePackSerializerOptions options) => "";
            }
            public sealed class NoInstanceFormatter : IMessagePackFormatter<int>
            {
                private NoInstanceFormatter() { }
                public void Serialize(ref MessagePackWriter writer, int value, MessagePackSerializerOptions options) { }
                public int Deserialize(ref MessagePackReader reader, MessagePackSerializerOptions options) => 0;
            }
            [MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root { [MessagePackFormatter(typeof({{formatter}}))] public int Value { get; set; } }
            """, formatter, reason);
    }

    [Fact]
    public void Generate_InitMemberOfAGenericBase_ReportsPrivateAccess()
    {
        AssertSingle("EGEN016", """
            namespace Sample;
            [MessagePackObject(true)] public class Base<T> { public T Value { get; init; } = default!; }
            [MessagePackObject(true)] public sealed class Root : Base<int> { public int Other { get; set; } }
            """, "Sample.Root", "Value", "UnsafeAccessor");
    }

    [Theory]
    [InlineData("[SaveModel(SchemaVersion = 0)]", "SchemaVersion")]
    [InlineData("[SaveModel(Id = \"\")]", "Id")]
    [InlineData("[SaveModel(Migrations = new[] { typeof(string) })]", "ISchemaMigration")]
    public void Generate_InvalidSaveModel_ReportsInvalidSaveModel(string attribute, string reason)
    {
        AssertSingle("EGEN017", $$"""
            namespace Sample;
            using Engine.Serialization;
            {{attribute}}
            [MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root { public int A { get; set; } }
            """, "Sample.Root", reason);
    }

    [Fact]
    public void Generate_ProtoRecordGivingTwoFieldsOneNumber_ReportsInvalidProtoRecord()
    {
        AssertSingleWithRecord("EGEN018", """
            namespace Sample;
            using Engine.Serialization;
            [SaveModel, MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root { public int A { get; set; } public int B { get; set; } }
            """, "message Root {\n  optional int32 a = 1;\n  optional int32 b = 1;\n}\n", "fields a and b the number 1");
    }

    [Fact]
    public void Generate_ProtoRecordUsingAReservedNumber_ReportsInvalidProtoRecord()
    {
        AssertSingleWithRecord("EGEN018", """
            namespace Sample;
            using Engine.Serialization;
            [SaveModel, MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root { public int A { get; set; } }
            """, "message Root {\n  reserved 2;\n  optional int32 a = 2;\n}\n", "reserved number 2", "field a");
    }

    [Fact]
    public void Generate_MemberGoneFromTheRecord_KeepsItsNumberReserved_AndANewMemberNeverGetsIt()
    {
        const string Model = """
            namespace Sample;
            using Engine.Serialization;
            [SaveModel, MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root { public int A { get; set; } public int C { get; set; } }
            """;
        int hashed = Analysis.ProtoNumbering.Hashed("c");

        // B was removed since the record was written, and C, new, would get B's number from its name.
        var run = GeneratorHarness.Run(GeneratorHarness.Compile(Model), null,
            ("Schemas/Sample.Root.proto", $"message Root {{\n  optional int32 a = 1;\n  optional int32 b = {hashed};\n}}\n"));

        Assert.Empty(run.Diagnostics);
        string schemas = run.ResolverSource("SaveModels.Schemas.g.cs");
        Assert.Contains("optional int32 a = 1;", schemas, StringComparison.Ordinal);
        Assert.Contains($"reserved {hashed};", schemas, StringComparison.Ordinal);
        Assert.Contains("reserved \\\"b\\\";", schemas, StringComparison.Ordinal);
        Assert.Contains($"optional int32 c = {hashed + 1};", schemas, StringComparison.Ordinal);
    }

    [Fact]
    public void Generate_TwoKeysWithOneProtobufFieldName_ReportsProtoFieldClash()
    {
        AssertSingleWithRecord("EGEN019", """
            namespace Sample;
            using Engine.Serialization;
            [SaveModel, MessagePackObject]
            public sealed class Root { [Key("PlayTime")] public int A { get; set; } [Key("play_time")] public int B { get; set; } }
            """, string.Empty, "Sample.Root", "'play_time'");
    }

    [Fact]
    public void Generate_RecordedMessageOfARenamedType_ReportsProtoMessageOrphaned()
    {
        AssertSingleWithRecord("EGEN020", """
            namespace Sample;
            using Engine.Serialization;
            [SaveModel, MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root { public Player Hero { get; set; } = new(); }
            [MessagePackObject(keyAsPropertyName: true)]
            public sealed class Player { public int Level { get; set; } }
            """, "// Sample.Root\nmessage Root {\n  optional Character hero = 1;\n}\n\n// Sample.Character\nmessage Character {\n  optional int32 level = 1;\n}\n",
            "'Character'", "Sample.Character");
    }

    // docs/GUIDE.md, When the model changes: a renamed member keeps its protobuf field number, so the record sees one
    // member under a new name, not one removed (its number reserved) and one added (a new number).
    [Fact]
    public void Generate_MemberRenamedByFormerlySavedAs_KeepsItsRecordedNumber_AndReservesNothing()
    {
        var run = GeneratorHarness.Run(GeneratorHarness.Compile("""
            namespace Sample;
            using Engine.Serialization;
            [SaveModel, MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root { public int A { get; set; } [FormerlySavedAs("Nickname")] public string Callsign { get; set; } = ""; }
            """), null, ("Schemas/Sample.Root.proto", "message Root {\n  optional int32 a = 1;\n  optional string nickname = 7;\n}\n"));

        Assert.Empty(run.Diagnostics);
        string schemas = run.ResolverSource("SaveModels.Schemas.g.cs");
        Assert.Contains("optional string callsign = 7;", schemas, StringComparison.Ordinal);
        Assert.DoesNotContain("reserved 7", schemas, StringComparison.Ordinal);
        Assert.DoesNotContain("reserved \\\"nickname\\\"", schemas, StringComparison.Ordinal);
        Assert.Contains("| `Callsign` (read also as `Nickname`) |", schemas, StringComparison.Ordinal);
    }

    // docs/GUIDE.md, When the model changes: the .proto of an earlier schema, kept as <id>.schema-<N>.proto, is embedded
    // in the codec for protobuf migrations and is not the record of current numbers (its own are reserved in that one).
    [Fact]
    public void Generate_KeptProtoOfAnEarlierSchema_IsEmbeddedInTheCodec_AndNumbersNothing()
    {
        const string kept = "message Root {\n  optional int32 a = 3;\n  optional string nickname = 7;\n}\n";
        var run = GeneratorHarness.Run(GeneratorHarness.Compile("""
            namespace Sample;
            using Engine.Serialization;
            [SaveModel(SchemaVersion = 2), MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root { public int A { get; set; } public string Callsign { get; set; } = ""; }
            """), null,
            ("Schemas/Sample.Root.proto", "message Root {\n  optional int32 a = 1;\n  optional string callsign = 9;\n  reserved 7;\n  reserved \"nickname\";\n}\n"),
            ("Schemas/Sample.Root.schema-1.proto", kept),
            ("Schemas/Other.Model.schema-1.proto", "message Root {\n  optional int32 a = 4;\n}\n"));

        Assert.Empty(run.Diagnostics);
        GeneratorHarness.AssertClean(run.Compilation.GetDiagnostics());
        string schemas = run.ResolverSource("SaveModels.Schemas.g.cs");
        Assert.Contains("optional int32 a = 1;", schemas, StringComparison.Ordinal);
        Assert.Contains("optional string callsign = 9;", schemas, StringComparison.Ordinal);
        Assert.Contains($"public const string Schema1 = {Microsoft.CodeAnalysis.CSharp.SymbolDisplay.FormatLiteral(kept, quote: true)};", schemas, StringComparison.Ordinal);
        Assert.DoesNotContain("a = 4", schemas, StringComparison.Ordinal);
        Assert.Contains("ProtoRecord(int schemaVersion) => schemaVersion switch { 1 => ", run.ResolverSource("SaveModels.g.cs"), StringComparison.Ordinal);
    }

    [Fact]
    public void Generate_MemberRenamedByFormerlySavedAs_Unrecorded_GetsTheNumberItsEarliestKeyGot()
    {
        var run = GeneratorHarness.Run(GeneratorHarness.Compile("""
            namespace Sample;
            using Engine.Serialization;
            [SaveModel, MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root { [FormerlySavedAs("Name")] [FormerlySavedAs("Nickname")] public string Callsign { get; set; } = ""; }
            """));

        Assert.Empty(run.Diagnostics);
        Assert.Contains($"optional string callsign = {Analysis.ProtoNumbering.Hashed("name")};", run.ResolverSource("SaveModels.Schemas.g.cs"), StringComparison.Ordinal);
    }

    // docs/GUIDE.md, When the model changes: a member whose type the model's .proto records as another, where no
    // widening covers the change, fails the build unless the schema version is raised above the record's.
    [Theory]
    [InlineData("optional int64 gold = 1;", "public int Gold { get; set; }", "protobuf int64", "type int is int32")]
    [InlineData("optional double gold = 1;", "public float Gold { get; set; }", "protobuf double", "type float is float")]
    [InlineData("optional int32 gold = 1;", "public string Gold { get; set; } = \"\";", "protobuf int32", "type string is string")]
    [InlineData("optional int32 gold = 1;", "public uint Gold { get; set; }", "protobuf int32", "type uint is uint32")]
    [InlineData("optional int32 gold = 1;", "public ulong Gold { get; set; }", "protobuf int32", "type ulong is fixed64")]
    [InlineData("optional int32 gold = 1;", "public Purse Gold { get; set; } = new();", "protobuf int32", "Sample.Purse is message")]
    [InlineData("optional Purse gold = 1;", "public int Gold { get; set; }", "protobuf Purse", "is int32")]
    [InlineData("repeated int32 gold = 1 [packed = true];", "public System.Collections.Generic.List<long> Gold { get; set; } = [];", "protobuf repeated int32", "is repeated int64")]
    [InlineData("repeated int32 gold = 1 [packed = true];", "public System.Collections.Generic.Dictionary<string, int> Gold { get; set; } = [];", "protobuf repeated int32", "is repeated message")]
    [InlineData("repeated int32 gold = 1 [packed = true];", "public System.Collections.Generic.List<int?> Gold { get; set; } = [];", "protobuf repeated int32", "is repeated message")]
    [InlineData("optional int32 gold = 1;", "public int[] Gold { get; set; } = [];", "protobuf int32", "is repeated int32")]
    [InlineData("repeated string gold = 1;", "public System.Collections.Generic.List<string?> Gold { get; set; } = [];", "protobuf repeated string", "is repeated message")]
    [InlineData("optional Grade gold = 1;", "public int Gold { get; set; }", "protobuf Grade", "is int32")]
    public void Generate_MemberTypeChangedWithoutASchemaBump_ReportsTypeChangeWithoutMigration(string recorded, string member, string was, string now)
    {
        AssertSingleWithRecord("EGEN022", TypeChangeModel(member, schemaVersion: 1), TypeChangeRecord(recorded), "Member 'Gold' of 'Sample.Root'", was, now, "schema version 1", "raise SchemaVersion above 1");
    }

    [Fact]
    public void Generate_MemberTypeChangedWithASchemaBump_IsClean()
    {
        var run = GeneratorHarness.Run(GeneratorHarness.Compile(TypeChangeModel("public int Gold { get; set; }", schemaVersion: 2)), null,
            ("Schemas/Sample.Root.proto", TypeChangeRecord("optional int64 gold = 1;")));

        Assert.Empty(run.Diagnostics);
        GeneratorHarness.AssertClean(run.Compilation.GetDiagnostics());
    }

    // Records of several schemas (an earlier one kept beside the current): the latest says what saves hold now.
    [Theory]
    [InlineData("public long Gold { get; set; }", null)]
    [InlineData("public int Gold { get; set; }", "EGEN022")]
    public void Generate_RecordsOfTwoSchemas_CheckTheMemberAgainstTheLatest(string member, string? expected)
    {
        var run = GeneratorHarness.Run(GeneratorHarness.Compile(TypeChangeModel(member, schemaVersion: 2)), null,
            ("Schemas/Sample.Root.proto", TypeChangeRecord("optional int64 gold = 1;").Replace("(schema version 1)", "(schema version 2)", StringComparison.Ordinal)),
            ("Schemas/Sample.Root.schema-1.proto", TypeChangeRecord("optional int32 gold = 1;")));

        Assert.Equal(expected, Assert.Single(run.Diagnostics.Select(d => d.Id).DefaultIfEmpty()));
    }

    // The widenings every format reads need nothing, whatever the schema version; so do a type the record can't tell apart.
    [Theory]
    [InlineData("optional int32 gold = 1;", "public long Gold { get; set; }")]
    [InlineData("optional int32 gold = 1;", "public long? Gold { get; set; }")]
    [InlineData("optional int32 gold = 1;", "public int? Gold { get; set; }")]
    [InlineData("optional uint32 gold = 1;", "public int Gold { get; set; }")]
    [InlineData("optional uint32 gold = 1;", "public long Gold { get; set; }")]
    [InlineData("optional uint32 gold = 1;", "public ulong Gold { get; set; }")]
    [InlineData("optional float gold = 1;", "public double Gold { get; set; }")]
    [InlineData("optional float gold = 1;", "public double? Gold { get; set; }")]
    [InlineData("optional string gold = 1;", "public string? Gold { get; set; }")]
    [InlineData("repeated int32 gold = 1 [packed = true];", "public int[] Gold { get; set; } = [];")]
    [InlineData("repeated int32 gold = 1 [packed = true];", "public System.Collections.Generic.IReadOnlyList<int> Gold { get; set; } = [];")]
    [InlineData("repeated Purse gold = 1;", "public Purse[] Gold { get; set; } = [];")]
    [InlineData("optional Grade gold = 1;", "public Grade Gold { get; set; }")]
    [InlineData("optional Grade gold = 1;", "public Grade? Gold { get; set; }")]
    [InlineData("optional Purse gold = 1;", "public Purse? Gold { get; set; }")]
    [InlineData("optional Wallet gold = 1;", "public Purse Gold { get; set; } = new();")]
    public void Generate_MemberWidened_IsClean(string recorded, string member)
    {
        var run = GeneratorHarness.Run(GeneratorHarness.Compile(TypeChangeModel(member, schemaVersion: 1)), null,
            ("Schemas/Sample.Root.proto", TypeChangeRecord(recorded)));

        Assert.Empty(run.Diagnostics);
        GeneratorHarness.AssertClean(run.Compilation.GetDiagnostics());
    }

    private static string TypeChangeModel(string member, int schemaVersion) => $$"""
        #nullable enable
        namespace Sample;
        using Engine.Serialization;
        using Engine.Serialization.Migrations;
        [SaveModel(SchemaVersion = {{schemaVersion}}{{(schemaVersion > 1 ? ", Migrations = new[] { typeof(GoldConverted) }" : "")}}), MessagePackObject(keyAsPropertyName: true)]
        public sealed class Root { {{member}} }
        [MessagePackObject(keyAsPropertyName: true)]
        public sealed class Purse { public int Coins { get; set; } }
        public enum Grade { Low, High, Extreme }
        public sealed class GoldConverted : ISchemaMigration
        {
            public int FromVersion => 1;
            public string Description => "Gold converted";
            public void Apply(DocumentObject root) => root.Remove("Gold");
        }
        """;

    /// <summary>The model's .proto as the generator writes it for schema version 1, with Root's one field <paramref name="field"/>.</summary>
    private static string TypeChangeRecord(string field) => $$"""
        // The protobuf schema of the save model 'Sample.Root' (schema version 1), generated from the model's declaration by
        // Engine.Serialization.Generator.
        syntax = "proto2";

        package sample;

        // Sample.Root
        message Root {
          {{field}}
        }

        // Sample.Purse
        message Purse {
          optional int32 coins = 1;
        }

        enum Grade {
          GRADE_LOW = 0;
          GRADE_HIGH = 1;
        }
        """;

    // The workaround users had before [FormerlySavedAs], [Key("Nickname")] on a keyAsPropertyName member, is EGEN011;
    // the attribute keeps the type keyAsPropertyName.
    [Fact]
    public void Generate_FormerlySavedAsOnAKeyAsPropertyNameMember_CompilesWithoutDiagnostics()
    {
        AssertClean("""
            namespace Sample;
            [MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root { [Engine.Serialization.FormerlySavedAs("Nickname")] public string Callsign { get; set; } = ""; public int Level { get; set; } }
            """);
    }

    [Theory]
    [InlineData("[FormerlySavedAs(\"Callsign\")] public string Callsign { get; set; } = \"\";", "'Callsign'", "own key")]
    [InlineData("[FormerlySavedAs(\"Level\")] public string Callsign { get; set; } = \"\"; public int Level { get; set; }", "'Level'", "key of member 'Level'")]
    [InlineData("[FormerlySavedAs(\"Nick\")] public string Callsign { get; set; } = \"\"; [FormerlySavedAs(\"Nick\")] public string Alias { get; set; } = \"\";", "'Nick'", "member 'Callsign' was formerly saved as 'Nick'")]
    [InlineData("[FormerlySavedAs(\"Nick\")] [FormerlySavedAs(\"Nick\")] public string Callsign { get; set; } = \"\";", "FormerlySavedAs(\"Nick\")", "twice")]
    [InlineData("[FormerlySavedAs(\"\")] public string Callsign { get; set; } = \"\";", "empty", "name the key")]
    public void Generate_EarlierKeyNamingAnotherMemberOrItself_ReportsFormerKeyClash(string members, string key, string reason)
    {
        AssertSingle("EGEN021", $$"""
            namespace Sample;
            using Engine.Serialization;
            [MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root { {{members}} }
            """, "Sample.Root", key, reason);
    }

    [Fact]
    public void Generate_EarlierKeyOfAnExplicitKeyMember_NamingAnotherMembersKey_ReportsFormerKeyClash()
    {
        AssertSingle("EGEN021", """
            namespace Sample;
            using Engine.Serialization;
            [MessagePackObject]
            public sealed class Root { [Key("call"), FormerlySavedAs("lvl")] public string Callsign { get; set; } = ""; [Key("lvl")] public int Level { get; set; } }
            """, "Sample.Root", "'Callsign'", "'lvl'");
    }

    [Fact]
    public void Generate_ModelWithErrors_EmitsOnlyTheRootsSurface()
    {
        var run = GeneratorHarness.Run(GeneratorHarness.Compile("""
            namespace Sample;
            [MessagePackObject(keyAsPropertyName: true)]
            public sealed class Root { public System.IntPtr Handle { get; set; } }
            public static class Caller
            {
                public static void Use(ref MessagePackWriter writer) => RootResolver.Write(ref writer, new Root());
            }
            """ + Resolver));

        Assert.Equal("EGEN001", Assert.Single(run.Diagnostics).Id);
        GeneratorHarness.AssertClean(run.Compilation.GetDiagnostics());
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

    [Fact]
    public void EveryDiagnostic_HasAPageItsHelpLinkPointsTo()
    {
        var docs = Path.Combine(GeneratorHarness.RepositoryRoot, "docs");
        var descriptors = DiagnosticDescriptors.All.ToList();
        var index = File.ReadAllText(Path.Combine(docs, "diagnostics", "README.md"));

        Assert.Equal(22, descriptors.Count);
        foreach (var descriptor in descriptors)
        {
            Assert.Contains($"| [{descriptor.Id}]({descriptor.Id}.md) | {descriptor.Title} |", index, StringComparison.Ordinal);
            Assert.Equal($"docs/diagnostics/{descriptor.Id}.md", descriptor.HelpLinkUri);
            var page = File.ReadAllText(Path.Combine(GeneratorHarness.RepositoryRoot, descriptor.HelpLinkUri));
            Assert.StartsWith($"# {descriptor.Id}: ", page, StringComparison.Ordinal);
            foreach (var section in new[] { "## What it means", "## Why", "## How to fix it", "## Example" })
            {
                Assert.Contains(section, page, StringComparison.Ordinal);
            }
        }

        Assert.True(Directory.Exists(docs));
    }

    private static void AssertClean(string source)
    {
        var fullSource = source.Contains("GeneratedFormatterResolver", StringComparison.Ordinal) ? source : source + Resolver;
        var run = GeneratorHarness.Run(GeneratorHarness.Compile(fullSource));

        Assert.Empty(run.Diagnostics);
        GeneratorHarness.AssertClean(run.Compilation.GetDiagnostics());
    }

    /// <summary>As <see cref="AssertSingle"/>, with the model's checked-in .proto holding <paramref name="record"/>.</summary>
    private static void AssertSingleWithRecord(string id, string source, string record, params string[] messageParts)
    {
        var run = GeneratorHarness.Run(GeneratorHarness.Compile(source), null, ("Schemas/Sample.Root.proto", record));

        var diagnostic = Assert.Single(run.Diagnostics);
        Assert.Equal(id, diagnostic.Id);
        var message = diagnostic.GetMessage(System.Globalization.CultureInfo.InvariantCulture);
        foreach (var part in messageParts)
        {
            Assert.Contains(part, message, StringComparison.Ordinal);
        }
    }

    private static void AssertSingle(string id, string source, params string[] messageParts)
    {
        var fullSource = source.Contains("GeneratedFormatterResolver", StringComparison.Ordinal) || source.Contains("[SaveModel", StringComparison.Ordinal)
            ? source
            : source + Resolver;
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
