using Benchmarks.Peer;
using Benchmarks.PeerPrograms;

// `nerdbank-load FILE`: the cold-start harness's Nerdbank.MessagePack case (a payload byte for byte the engine's).
return PeerLoad.Run(args, payload => NerdbankPeer.Read(payload));
