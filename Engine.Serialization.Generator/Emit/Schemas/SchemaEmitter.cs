using Engine.Serialization.Generator.Analysis;
using Engine.Serialization.Generator.Emit.MessagePack;

namespace Engine.Serialization.Generator.Emit.Schemas;

/// <summary>Each save model's schemas and member tables, as the text its codec's <c>Schemas</c> returns, and the .proto of each earlier schema it keeps.</summary>
internal static class SchemaEmitter
{
    public static string Emit(GenerationModel model)
    {
        var code = ObjectCode.OpenPart(model);
        foreach (var saveModel in model.SaveModels)
        {
            var types = new SchemaTypes(model, saveModel.Root);
            var proto = ProtoSchemaWriter.Write(saveModel, types);
            var xsd = XsdWriter.Write(saveModel, types);
            var tables = MemberTableWriter.Write(saveModel, types);
            code.Gap();
            code.Open($"private static class Schemas_{saveModel.CodecName}");
            code.Line("public static readonly global::Engine.Serialization.Models.SaveModelSchemas Value = new(");
            code.Indent();
            code.Line(Values.Literal(saveModel.ModelId + ".proto") + ",");
            code.Line(Values.Literal(proto) + ",");
            code.Line(Values.Literal(saveModel.ModelId + ".xsd") + ",");
            code.Line(Values.Literal(xsd) + ",");
            code.Line(Values.Literal(tables) + ");");
            code.Outdent();
            code.Line();
            code.Line($"public static readonly global::Engine.Serialization.Inspection.SaveModelShape Shape = {ShapeTableWriter.Write(types, saveModel.Root)};");
            foreach (var kept in saveModel.KeptProtos)
            {
                code.Line();
                code.Line($"// The .proto of schema {kept.SchemaVersion}, kept beside the model's own: the record of that schema's field numbers.");
                code.Line($"public const string Schema{kept.SchemaVersion} = {Values.Literal(kept.Text)};");
            }

            code.Close();
        }

        code.Close();
        return code.ToString();
    }
}
