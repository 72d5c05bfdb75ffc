using System.Xml;

namespace Engine.Serialization.Errors;

/// <summary>
/// What an exception thrown while decoding a payload says about the payload, in the save system's words: a runtime
/// exception's own message ("Arithmetic operation resulted in an overflow") means nothing to a player. The exception
/// stays the inner one, for the developer.
/// </summary>
internal static class DecodeFailure
{
    /// <summary>What is wrong with the payload, as a clause without a final period.</summary>
    public static string Describe(Exception e) => (e switch
    {
        OverflowException => "a count, length or number in it is larger than what it describes can hold",
        EndOfStreamException => "it ends in the middle of a value",
        ArgumentOutOfRangeException => "a value in it is outside what its member can hold (a date, a time or a size)",
        FormatException => "a value's text is not in the form its member needs",
        XmlException xml => xml.Message, // System.Xml says what is wrong and where, as a document's reader should
        _ when e.GetType().Namespace is "System" or "System.IO" or "System.Collections.Generic" =>
            "its structure is not one the model's reader can follow",
        _ => e.Message, // MessagePack's and protobuf-net's decoders, and the generated readers, describe the input
    }).TrimEnd('.');
}
