using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Engine.Serialization.Generator;

/// <summary>
/// Emits, for every class marked <c>[GeneratedFormatterResolver(typeof(Root), ...)]</c>, direct MessagePack writers and
/// readers (string-keyed maps) for every type reachable from the roots, and a resolver serving them as formatters.
/// </summary>
[Generator(LanguageNames.CSharp)]
public sealed class FormatterResolverGenerator : IIncrementalGenerator
{
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
            static (attributeContext, cancellationToken) => CreateModel(attributeContext, cancellationToken));

        context.RegisterSourceOutput(resolvers, static (production, model) =>
        {
            foreach (var diagnostic in model.Diagnostics)
            {
                production.ReportDiagnostic(DiagnosticDescriptors.ToDiagnostic(diagnostic));
            }

            if (model.Diagnostics.Any(d => d.Id == DiagnosticDescriptors.InvalidResolver.Id))
            {
                return;
            }

            var hintNamespace = model.Namespace is null ? string.Empty : model.Namespace + ".";
            production.AddSource(hintNamespace + model.ClassName + ".g.cs", ResolverEmitter.Emit(model));
        });
    }

    private static ResolverModel CreateModel(GeneratorAttributeSyntaxContext context, CancellationToken cancellationToken)
    {
        var resolver = (INamedTypeSymbol)context.TargetSymbol;
        var attribute = context.Attributes[0];
        var attributeLocation = LocationInfo.From(attribute.ApplicationSyntaxReference?.GetSyntax(cancellationToken).GetLocation());
        var diagnostics = new List<DiagnosticInfo>();

        var isPartial = resolver.DeclaringSyntaxReferences
            .All(r => r.GetSyntax(cancellationToken) is ClassDeclarationSyntax c && c.Modifiers.Any(SyntaxKind.PartialKeyword));
        if (!isPartial || resolver.ContainingType is not null || resolver.IsGenericType)
        {
            diagnostics.Add(DiagnosticInfo.Create(
                DiagnosticDescriptors.InvalidResolver, LocationInfo.From(context.TargetNode.GetLocation()), resolver.Name));
        }

        var roots = attribute.ConstructorArguments
            .Where(a => a.Kind == TypedConstantKind.Array)
            .SelectMany(a => a.Values)
            .Select(v => v.Value)
            .OfType<ITypeSymbol>();

        var walker = new TypeGraphWalker(context.SemanticModel.Compilation, attributeLocation);
        walker.Walk(roots);
        diagnostics.AddRange(walker.Diagnostics);

        return new ResolverModel(
            resolver.ContainingNamespace.IsGlobalNamespace ? null : resolver.ContainingNamespace.ToDisplayString(),
            resolver.Name,
            resolver.InstanceConstructors.Any(c => !c.IsImplicitlyDeclared),
            new EquatableArray<ValueShape>(walker.Roots),
            new EquatableArray<LookupEntry>(walker.Entries),
            new EquatableArray<ObjectFormatterModel>(walker.Objects),
            new EquatableArray<ValueShape>(walker.Helpers),
            new EquatableArray<DiagnosticInfo>(diagnostics));
    }
}
