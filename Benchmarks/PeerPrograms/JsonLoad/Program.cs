using Benchmarks.Peer;
using Benchmarks.PeerPrograms;

// `json-load FILE`: the cold-start harness's System.Text.Json (source-generated) case.
return PeerLoad.Run(args, payload => JsonPeer.Read(payload));
