using Engine.Serialization.Slots;
using Engine.Serialization.Tests.Fixtures;
using MessagePack;

namespace Engine.Serialization.Tests.Models;

/// <summary>
/// The game's own code failing while it is saved (a member's getter throws) reaches the game as a save exception,
/// as every other failure of a save does: a game catching <see cref="SaveException"/> around its saves catches it.
/// </summary>
public sealed class GameCodeFailureTests : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("game-code-").FullName;

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    [Theory]
    [MemberData(nameof(SaveCases.EveryFormat), MemberType = typeof(SaveCases))]
    public async Task Save_WhenAGetterThrows_ThrowsSaveEncodingNamingIt_AndKeepsTheSlot(SaveFormat format, SaveCompression compression)
    {
        var options = new SaveOptions { Format = format, Compression = compression };
        var store = new SaveSlotStore<FragileState>(_folder, options);
        var state = new FragileState { Name = "camp", Charges = [3] };
        await store.SaveAsync("slot", state);
        state.Charges = [];
        state.Name = "empty camp";

        var direct = Assert.Throws<SaveEncodingException>(() => SaveSerializer.Save(state, null, options));
        var slot = store.SaveAsync("slot", state);
        var autosave = store.AutosaveAsync(state);
        var fromSlot = await Assert.ThrowsAsync<SaveEncodingException>(() => slot);
        var fromAutosave = await Assert.ThrowsAsync<SaveEncodingException>(() => autosave);

        foreach (var error in new[] { direct, fromSlot, fromAutosave })
        {
            Assert.StartsWith("The game's own code failed while it was saved (IndexOutOfRangeException: ", error.Message, StringComparison.Ordinal);
            Assert.IsType<IndexOutOfRangeException>(error.InnerException);
        }

        Assert.Equal(3, store.Load("slot").Content.FirstCharge);
    }
}

[SaveModel]
[MessagePackObject(keyAsPropertyName: true)]
public sealed class FragileState
{
    public string Name { get; set; } = "";

    public int[] Charges { get; set; } = [];

    /// <summary>A member computed from others, whose getter fails for an empty camp (a load's value is dropped).</summary>
    public int FirstCharge
    {
        get => Name == "empty camp" ? Charges[0] : Charges.FirstOrDefault();
        set
        {
        }
    }
}
