// netstandard2.0 lacks this type; records and init accessors need it.
namespace System.Runtime.CompilerServices;

internal static class IsExternalInit
{
}
