using BenchmarkDotNet.Running;

// Pick suites with --filter, e.g. `dotnet run -c Release --project Benchmarks -- --filter '*'`.
var summaries = BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args);
return summaries.Any(s => s.HasCriticalValidationErrors || s.Reports.Any(r => !r.Success)) ? 1 : 0;
