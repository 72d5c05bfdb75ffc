using Xunit.Sdk;

namespace Engine.Testing;

public static class GraphAssert
{
    /// <summary>Fails with the path of the first difference unless the two graphs are equal in every member.</summary>
    public static void Equal(object? expected, object? actual)
    {
        string? difference = new GraphComparer().FindDifference(expected, actual);
        if (difference is not null)
        {
            throw new XunitException($"The graphs differ at {difference}");
        }
    }
}
