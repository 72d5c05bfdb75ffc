using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using Engine.Serialization.Generator.Analysis;
using Engine.Serialization.Generator.Emit;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Engine.Serialization.Generator;

/// <summary>
/// Writes, at build time, everything that depends on a model's shape. For the assembly's <c>[SaveModel]</c> roots (on
/// a type, or <c>[assembly: SaveModel(typeof(T))]</c>): one embedded class with the MessagePack code of every type they
/// reach, their snapshot copies and null checks, and a registered codec per root. For each class marked
/// <c>[GeneratedFormatterResolver(typeof(Root), ...)]</c>: the same code served as a MessagePack resolver.
/// </summary>
[Generator(LanguageNames.CSharp)]
public sealed class SaveModelGenerator : IIncrementalGenerator
{
    private const string SaveModelAttribute = "Engine.Serialization.SaveModelAttribute";
    private const string MigrationInterface = "Engine.Serialization.Migrations.ISchemaMigration";

    public void Initialize(IncrementalGeneratorInitializationContext context)
    {
        context.RegisterPostInitializationOutput(static post =>
        {
            post.AddEmbeddedAttributeDefinition();
            post.AddSource(AttributeSource.HintName, AttributeSource.Text);
        });

        var resolvers = context.SyntaxProvider.ForAttributeWithMetadataName(
            AttributeSource.MetadataName,
            static (node, _) => node is ClassDeclarationSyntax,
            static (attributeContext, cancellationToken) => ResolverModel(attributeContext, cancellationToken));
        context.RegisterSourceOutput(resolvers, static (production, model) => Produce(production, model, model.Namespace + "." + model.ClassName));

        // A tracked model type's partial properties, implemented to tell the save system of each change.
        var trackedTypes = context.SyntaxProvider.ForAttributeWithMetadataName(
                "MessagePack.MessagePackObjectAttribute",
                static (node, _) => node is ClassDeclarationSyntax or RecordDeclarationSyntax { ClassOrStructKeyword.RawKind: 0 or (int)SyntaxKind.ClassKeyword },
                static (attributeContext, cancellationToken) => Emit.Tracking.TrackedType.From((INamedTypeSymbol)attributeContext.TargetSymbol, cancellationToken))
            .Where(static type => type is not null);
        context.RegisterSourceOutput(trackedTypes, static (production, type) =>
            production.AddSource(type!.HintName, Emit.Tracking.TrackingEmitter.Emit(type)));

        var rootTypes = context.SyntaxProvider.ForAttributeWithMetadataName(
                SaveModelAttribute,
                static (node, _) => node is TypeDeclarationSyntax,
                static (attributeContext, _) => ((INamedTypeSymbol)attributeContext.TargetSymbol).ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat))
            .Collect();
        var records = context.AdditionalTextsProvider
            .Where(static file => file.Path.EndsWith(".proto", System.StringComparison.OrdinalIgnoreCase))
            .Select(static (file, cancellationToken) => new ProtoRecord(file.Path, file.GetText(cancellationToken)?.ToString() ?? string.Empty))
            .Collect();
        var saveModels = rootTypes.Combine(context.CompilationProvider).Combine(records)
            .Select(static (input, cancellationToken) => SaveModelsModel(input.Left.Right, input.Left.Left, input.Right, cancellationToken));
        context.RegisterSourceOutput(saveModels, static (production, model) =>
        {
            if (model is not null)
            {
                Produce(production, model, "Engine.Serialization.Generated.SaveModels");
            }
        });
    }

    private static void Produce(SourceProductionContext production, GenerationModel model, string hintName)
    {
        foreach (var diagnostic in model.Diagnostics)
        {
            production.ReportDiagnostic(DiagnosticDescriptors.ToDiagnostic(diagnostic));
        }

        if (model.Diagnostics.Any(d => d.Id == DiagnosticDescriptors.InvalidResolver.Id))
        {
            return;
        }

        var name = hintName.TrimStart('.');
        production.AddSource(name + ".g.cs", ModelEmitter.Emit(model));
        if (model.IsSaveModels && model.Diagnostics.Count == 0)
        {
            production.AddSource(name + ".Snapshot.g.cs", Emit.Snapshot.SnapshotEmitter.Emit(model));
            production.AddSource(name + ".Refresh.g.cs", Emit.Snapshot.RefreshEmitter.Emit(model));
            production.AddSource(name + ".Checks.g.cs", Emit.Checks.ChecksEmitter.Emit(model));
            production.AddSource(name + ".Collections.g.cs", CollectionsEmitter.Emit(model));
            production.AddSource(name + ".Xml.g.cs", Emit.Xml.XmlEmitter.Emit(model));
            production.AddSource(name + ".Protobuf.g.cs", Emit.Protobuf.ProtobufEmitter.Emit(model));
            production.AddSource(name + ".Schemas.g.cs", Emit.Schemas.SchemaEmitter.Emit(model));
        }
    }

    private static GenerationModel ResolverModel(GeneratorAttributeSyntaxContext context, CancellationToken cancellationToken)
    {
        var resolver = (INamedTypeSymbol)context.TargetSymbol;
        var attribute = context.Attributes[0];
        var at = LocationInfo.From(attribute.ApplicationSyntaxReference?.GetSyntax(cancellationToken).GetLocation());
        var builder = new ShapeBuilder(context.SemanticModel.Compilation, at, enumsAsStrings: false, checksEnums: false);
        var isPartial = resolver.DeclaringSyntaxReferences
            .All(r => r.GetSyntax(cancellationToken) is ClassDeclarationSyntax c && c.Modifiers.Any(SyntaxKind.PartialKeyword));
        if (!isPartial || resolver.ContainingType is not null || resolver.IsGenericType)
        {
            builder.Report(DiagnosticDescriptors.InvalidResolver, context.TargetNode.GetLocation(), resolver.Name);
        }

        var roots = new List<ValueShape>();
        foreach (var type in attribute.ConstructorArguments.Where(a => a.Kind == TypedConstantKind.Array).SelectMany(a => a.Values).Select(v => v.Value).OfType<ITypeSymbol>())
        {
            if (builder.Root(type, "a resolver root", null) is { } shape && !roots.Contains(shape))
            {
                roots.Add(shape);
            }
        }

        return Build(
            builder,
            resolver.ContainingNamespace.IsGlobalNamespace ? null : resolver.ContainingNamespace.ToDisplayString(),
            resolver.Name,
            isSaveModels: false,
            resolver.InstanceConstructors.Any(c => !c.IsImplicitlyDeclared),
            roots,
            [],
            null,
            null);
    }

    /// <summary>The assembly's save models: every [SaveModel] on a type of it and on the assembly; null when there is none.</summary>
    private static GenerationModel? SaveModelsModel(Compilation compilation, ImmutableArray<string> typeNames, ImmutableArray<ProtoRecord> records, CancellationToken cancellationToken)
    {
        var attributeType = compilation.GetTypeByMetadataName(SaveModelAttribute);
        if (attributeType is null)
        {
            return null;
        }

        var declarations = new List<(INamedTypeSymbol Type, AttributeData Attribute)>();
        foreach (var attribute in compilation.Assembly.GetAttributes().Where(a => SymbolEqualityComparer.Default.Equals(a.AttributeClass, attributeType)))
        {
            if (attribute.ConstructorArguments.FirstOrDefault().Value is INamedTypeSymbol type)
            {
                declarations.Add((type, attribute));
            }
        }

        foreach (var type in compilation.GetSymbolsWithName(_ => true, SymbolFilter.Type, cancellationToken).OfType<INamedTypeSymbol>())
        {
            if (typeNames.Contains(type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat))
                && type.GetAttributes().FirstOrDefault(a => SymbolEqualityComparer.Default.Equals(a.AttributeClass, attributeType)) is { } attribute)
            {
                declarations.Add((type, attribute));
            }
        }

        if (declarations.Count == 0)
        {
            return null;
        }

        var first = At(declarations[0].Attribute, cancellationToken);
        var enumsAsStrings = declarations.Select(d => Named(d.Attribute, "EnumsAsStrings") is true).Distinct().ToList();
        var builder = new ShapeBuilder(compilation, first, enumsAsStrings[0], checksEnums: true);
        var roots = new List<ValueShape>();
        var saveModels = new List<SaveModelInfo>();
        var ids = new Dictionary<string, string>();
        foreach (var (type, attribute) in declarations)
        {
            var at = At(attribute, cancellationToken)?.ToLocation() ?? ShapeBuilder.SourceLocation(type);
            var display = type.ToDisplayString();
            if (enumsAsStrings.Count > 1)
            {
                builder.Report(DiagnosticDescriptors.InvalidSaveModel, at, display, "the save models of one assembly must agree on EnumsAsStrings");
                continue;
            }

            var id = Named(attribute, "Id") as string ?? display;
            var version = Named(attribute, "SchemaVersion") as int? ?? 1;
            if (id.Length == 0 || version < 1)
            {
                builder.Report(DiagnosticDescriptors.InvalidSaveModel, at, display, "its Id must not be empty and its SchemaVersion must be 1 or more");
                continue;
            }

            if (ids.TryGetValue(id, out var other))
            {
                builder.Report(DiagnosticDescriptors.InvalidSaveModel, at, display, $"the id '{id}' is also {other}'s (or the type is declared twice)");
                continue;
            }

            if (ShapeBuilder.IsOpen(type))
            {
                builder.Report(DiagnosticDescriptors.InvalidSaveModel, at, display,
                    "a save model is one closed type, and this one has type parameters; declare each instantiation the game saves with [assembly: SaveModel(typeof(...))], its type arguments named");
                continue;
            }

            ids.Add(id, display);
            var migrations = Migrations(builder, compilation, attribute, at, display);
            if (builder.Root(type, "a save model root", at) is not { } root)
            {
                continue;
            }

            if (root.Kind is not (ShapeKind.Object or ShapeKind.Union))
            {
                builder.Report(DiagnosticDescriptors.InvalidSaveModel, at, display, "a save model is a [MessagePackObject] class or struct, or a [Union] base");
                continue;
            }

            roots.Add(root);
            var kept = records
                .Select(r => (Schema: ProtoLock.KeptSchema(r.Path), r.Text))
                .Where(r => r.Schema is { } schema && schema.ModelId == id && schema.SchemaVersion < version)
                .Select(r => new KeptProto(r.Schema!.Value.SchemaVersion, r.Text))
                .OrderBy(r => r.SchemaVersion);
            saveModels.Add(new SaveModelInfo(root, "Codec_" + TypeNames.Identifier(type), id, version, new(migrations), new(kept)));
        }

        return Build(builder, "Engine.Serialization.Generated", "SaveModels", isSaveModels: true, declaresConstructor: false, roots, saveModels,
            ProtoLock.Read(records.Select(r => (r.Path, r.Text))), first?.ToLocation());
    }

    /// <summary>The migration steps a [SaveModel] lists, as type names generated code can create.</summary>
    private static List<string> Migrations(ShapeBuilder builder, Compilation compilation, AttributeData attribute, Location? at, string display)
    {
        var steps = new List<string>();
        var migration = compilation.GetTypeByMetadataName(MigrationInterface);
        var listed = attribute.NamedArguments.FirstOrDefault(n => n.Key == "Migrations").Value;
        foreach (var step in listed.Kind == TypedConstantKind.Array ? listed.Values.Select(v => v.Value).OfType<INamedTypeSymbol>() : [])
        {
            var creatable = !step.IsAbstract && step.TypeKind == TypeKind.Class
                && step.InstanceConstructors.Any(c => c.Parameters.Length == 0 && compilation.IsSymbolAccessibleWithin(c, compilation.Assembly));
            if (!creatable || migration is null || !step.AllInterfaces.Contains(migration, SymbolEqualityComparer.Default))
            {
                builder.Report(DiagnosticDescriptors.InvalidSaveModel, at, display,
                    $"its migration {step.ToDisplayString()} must be a class implementing ISchemaMigration with a parameterless constructor this project can call");
                continue;
            }

            steps.Add(TypeNames.Plain(step));
        }

        return steps;
    }

    private static GenerationModel Build(
        ShapeBuilder builder, string? ns, string className, bool isSaveModels, bool declaresConstructor, List<ValueShape> roots, List<SaveModelInfo> saveModels,
        ProtoLock? locked, Location? at)
    {
        builder.Complete();
        var numbers = locked is null ? [] : ProtoNumbering.Assign(builder.Objects, locked, saveModels.ToDictionary(m => m.ModelId, m => m.SchemaVersion), builder, at);
        return new GenerationModel(
            ns,
            className,
            isSaveModels,
            declaresConstructor,
            new(roots),
            new(saveModels),
            new(builder.Entries),
            new(builder.Objects),
            new(builder.Unions),
            new(builder.Helpers),
            new(builder.CheckedEnums),
            new(ShapeFacts.Immutable(builder.Objects, builder.Helpers)),
            new(ShapeFacts.MayHoldMissing(builder.Objects, builder.Unions, builder.Helpers)),
            ShapeFacts.Recursive(builder.Objects, builder.Unions, builder.Helpers),
            new(numbers),
            new(builder.Diagnostics));
    }

    /// <summary>A checked-in .proto (an AdditionalFiles item): the record of a model's protobuf field numbers.</summary>
    private sealed record ProtoRecord(string Path, string Text);

    private static object? Named(AttributeData attribute, string name) =>
        attribute.NamedArguments.FirstOrDefault(n => n.Key == name).Value.Value;

    private static LocationInfo? At(AttributeData attribute, CancellationToken cancellationToken) =>
        LocationInfo.From(attribute.ApplicationSyntaxReference?.GetSyntax(cancellationToken).GetLocation());
}
