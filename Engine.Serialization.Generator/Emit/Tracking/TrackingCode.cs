using System.Linq;
using Engine.Serialization.Generator.Analysis;

namespace Engine.Serialization.Generator.Emit.Tracking;

/// <summary>
/// What a snapshot's copy and refresh write for tracked shapes (Engine.Serialization.Internal.ChangeTracking): the links
/// from each child they pass to its holder, and which game object a copy now holds.
/// </summary>
internal static class TrackingCode
{
    public const string Tracking = "global::Engine.Serialization.Internal.ChangeTracking";

    /// <summary>Links every tracked member of <paramref name="value"/> that may hold a tracked object, so that its changes reach <paramref name="value"/>.</summary>
    public static void LinkMembers(CodeWriter code, ObjectModel type, Facts facts, string value)
    {
        foreach (var member in type.Members.Where(m => m.IsRestored && m.Tracked && !facts.IsImmutable(m.Shape)))
        {
            code.Line($"{Tracking}.Link({value}, {string.Format(member.Get, value)});");
        }
    }

    /// <summary><paramref name="copy"/> now holds what <paramref name="value"/> holds.</summary>
    public static void Copied(CodeWriter code, string value, string copy) => code.Line($"{Tracking}.Copied({value}, {copy});");

    /// <summary>The condition under which a refresh may leave <paramref name="copy"/> as it is, but for what may change unseen.</summary>
    public static string Unchanged(string value, string copy) => $"{Tracking}.Unchanged({value}, {copy})";
}
