namespace Engine.Serialization.Models;

/// <summary>
/// A save model described for other tools, generated from the model's declaration: its protobuf schema (also the
/// record of its field numbers, which the generator reads back), its XML schema, and the Markdown tables of its
/// members in each format that docs/FORMAT.md carries.
/// </summary>
/// <param name="ProtoFileName">The .proto file's name: the model id, then <c>.proto</c>.</param>
/// <param name="Proto">The .proto text (proto2).</param>
/// <param name="XsdFileName">The XSD file's name: the model id, then <c>.xsd</c>.</param>
/// <param name="Xsd">The XML schema's text.</param>
/// <param name="MemberTables">Markdown: one table per type, each member's key, XML element and protobuf field with their types.</param>
public sealed record SaveModelSchemas(string ProtoFileName, string Proto, string XsdFileName, string Xsd, string MemberTables);
