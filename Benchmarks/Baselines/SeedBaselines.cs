using Engine.Serialization;
using System.Reflection;
using System.Text.RegularExpressions;
using System.Xml.Serialization;
using Benchmarks.Peer;
using Engine.Core.Model;
using Engine.Serialization.Formats;
using Engine.Serialization.Models;
using ProtoBuf;
using ProtoBuf.Meta;

namespace Benchmarks.Baselines;

/// <summary>
/// The seed's cold-start baselines, kept after the engine came to generate its own XML and protobuf codecs:
/// XmlSerializer, and protobuf-net's runtime model, each reading the engine's bare payload of the game (the XML is the
/// document XmlSerializer wrote; the protobuf has protobuf-net's field numbers). Both build their readers by reflection
/// and Reflection.Emit on first use, as the seed's loads did, so they run under JIT only.
/// </summary>
internal static partial class SeedBaselines
{
    public static GameContent LoadWithXmlSerializer(string payloadPath)
    {
        using var file = File.OpenRead(payloadPath);
        return (GameContent)new XmlSerializer(typeof(GameContent)).Deserialize(file)!;
    }

    public static GameContent LoadWithProtobufNetRuntimeModel(string payloadPath)
    {
        using var file = File.OpenRead(payloadPath);
        return RuntimeModel().Deserialize<GameContent>(file);
    }

    /// <summary>
    /// protobuf-net's runtime model of GameContent from the model's types alone, no attributes or mirror classes: each
    /// type reachable from GameContent gets its public fields and read-write properties numbered 1, 2, ... in declaration
    /// order, ulong as fixed64 and repeated numbers packed, as the engine's .proto has them (<see cref="Check"/> holds
    /// the two to each other).
    /// </summary>
    public static RuntimeTypeModel RuntimeModel()
    {
        var model = RuntimeTypeModel.Create();
        var seen = new HashSet<Type> { typeof(GameContent) };
        var pending = new Queue<Type>(seen);
        while (pending.TryDequeue(out var type))
        {
            var metaType = model.Add(type, applyDefaultBehaviour: false);
            int number = 0;
            foreach (var member in DataMembers(type))
            {
                var memberType = member is FieldInfo field ? field.FieldType : ((PropertyInfo)member).PropertyType;
                var itemType = ItemType(memberType);
                var valueType = itemType ?? memberType;
                var value = metaType.AddField(++number, member.Name);
                value.DataFormat = valueType == typeof(ulong) ? DataFormat.FixedSize : DataFormat.Default;
                value.IsPacked = itemType is { IsPrimitive: true };
                if (!valueType.IsPrimitive && !valueType.IsEnum && valueType != typeof(string) && seen.Add(valueType))
                {
                    pending.Enqueue(valueType);
                }
            }
        }

        return model;
    }

    /// <summary>
    /// Throws unless the runtime model has the engine's field numbers and encodings, and each baseline reads the whole
    /// of <paramref name="expected"/> back from the engine's bare payload (in the host process, which CI's dry run is,
    /// so a cold benchmark process runs none of it before its measured load).
    /// </summary>
    public static void Check(GameContent expected, string xmlPayloadPath, string protobufPayloadPath)
    {
        var engine = Fields(SaveModels.SchemasOf<GameContent>().Proto);
        var runtimeModel = Fields(RuntimeModel().GetSchema(typeof(GameContent), ProtoSyntax.Proto2));
        if (engine.Count == 0 || !engine.SetEquals(runtimeModel))
        {
            throw new InvalidOperationException(
                "protobuf-net's runtime model, numbered in declaration order, is not the engine's .proto: "
                + $"only the engine's: [{string.Join("; ", engine.Except(runtimeModel).Order())}], "
                + $"only the runtime model's: [{string.Join("; ", runtimeModel.Except(engine).Order())}]");
        }

        PeerChecks.ThrowIfLost(expected, LoadWithXmlSerializer(xmlPayloadPath), "XmlSerializer's load of the engine's XML");
        var engineLoad = SaveFormats.Get<GameContent>(SaveFormat.Protobuf).Read(File.ReadAllBytes(protobufPayloadPath));
        PeerChecks.ThrowIfLost(expected, engineLoad, "The engine's load of its protobuf payload");
        MergeStructsIntoConstructorValues(engineLoad);
        PeerChecks.ThrowIfLost(engineLoad, LoadWithProtobufNetRuntimeModel(protobufPayloadPath), "protobuf-net's runtime model's load of the engine's protobuf");
    }

    /// <summary>
    /// What protobuf-net's runtime model makes of a struct member: it merges the sub-message into the member's current
    /// value, which is the constructor's (its PropertyDecorator hands the old value to the sub-message reader), where the
    /// engine starts from default(T). So a field the engine left out for holding zero keeps the constructor's value
    /// instead: a black channel of a tint whose default is Color.White comes back 255. The seed's surrogates declared such
    /// members nullable for this; a model-only runtime model can't, so the check expects exactly this and nothing else.
    /// </summary>
    private static void MergeStructsIntoConstructorValues(object node)
    {
        var type = node.GetType();
        object fresh = Activator.CreateInstance(type)!;
        foreach (var property in DataMembers(type).OfType<PropertyInfo>())
        {
            object? value = property.GetValue(node);
            if (value is System.Collections.IList list)
            {
                foreach (object item in list.Cast<object>().Where(i => !i.GetType().IsValueType && i is not string))
                {
                    MergeStructsIntoConstructorValues(item);
                }
            }
            else if (property.PropertyType is { IsValueType: true, IsPrimitive: false, IsEnum: false })
            {
                object start = property.GetValue(fresh)!;
                foreach (var field in property.PropertyType.GetFields(BindingFlags.Public | BindingFlags.Instance))
                {
                    if (Equals(field.GetValue(value), Activator.CreateInstance(field.FieldType)))
                    {
                        field.SetValue(value, field.GetValue(start));
                    }
                }

                property.SetValue(node, value);
            }
            else if (value is not null and not string && !property.PropertyType.IsValueType)
            {
                MergeStructsIntoConstructorValues(value);
            }
        }
    }

    /// <summary>In declaration order: metadata tokens follow it within a type (fields and properties apart, and no model type mixes them).</summary>
    private static IEnumerable<MemberInfo> DataMembers(Type type) =>
        type.GetMembers(BindingFlags.Public | BindingFlags.Instance)
            .Where(m => m is FieldInfo { IsInitOnly: false } || m is PropertyInfo { CanRead: true, SetMethod.IsPublic: true } p && p.GetIndexParameters().Length == 0)
            .OrderBy(m => m.MetadataToken);

    private static Type? ItemType(Type type) =>
        type.IsArray ? type.GetElementType()
        : type.IsGenericType && type.GetGenericTypeDefinition() is var list && (list == typeof(List<>) || list == typeof(TrackedList<>)) ? type.GetGenericArguments()[0]
        : null;

    /// <summary>
    /// A .proto's fields as "message.field: label type = number [packed]", names without case or underscores (the
    /// engine's are snake_case, protobuf-net's the members' own), defaults left out (protobuf-net's come from attributes).
    /// </summary>
    private static HashSet<string> Fields(string proto)
    {
        var fields = new HashSet<string>();
        string message = "";
        foreach (string line in proto.Split('\n'))
        {
            if (MessageLine().Match(line) is { Success: true } start)
            {
                message = start.Groups[1].Value;
            }
            else if (FieldLine().Match(line) is { Success: true } field)
            {
                string name = field.Groups["name"].Value.Replace("_", "", StringComparison.Ordinal).ToLowerInvariant();
                string packed = field.Groups["options"].Value.Contains("packed = true", StringComparison.Ordinal) ? " packed" : "";
                fields.Add($"{message}.{name}: {field.Groups["label"].Value} {field.Groups["type"].Value} = {field.Groups["number"].Value}{packed}");
            }
        }

        return fields;
    }

    [GeneratedRegex(@"^\s*message\s+(\w+)\s*\{")]
    private static partial Regex MessageLine();

    [GeneratedRegex(@"^\s*(?<label>optional|repeated|required)\s+(?<type>[\w.]+)\s+(?<name>\w+)\s*=\s*(?<number>\d+)\s*(?<options>\[.*\])?\s*;")]
    private static partial Regex FieldLine();
}
