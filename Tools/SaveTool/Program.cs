using Engine.Core.Model;
using Engine.Serialization.Tools;

// GameContent is built in. Its codec registers from Engine.Core's module initializer, which runs only once the program
// uses Engine.Core's code (under NativeAOT, only such a module's initializer is compiled in): making one does.
GC.KeepAlive(new GameContent());
return SaveTool.Run(args);
