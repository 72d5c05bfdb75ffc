using Benchmarks.Harness;
using Benchmarks.Infrastructure;

// `coldstart ...`: the process-level cold-start harness (build/coldstart.sh runs it).
// Anything else: the BenchmarkDotNet suites, e.g. `--filter '*Load*'`, or `--dry` for CI.
return args is ["coldstart", .. var rest] ? ColdStartHarness.Run(rest) : SuiteRunner.Run(args);
