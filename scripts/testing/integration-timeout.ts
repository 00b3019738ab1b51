// Real components on a 2-core machine: hooks start databases and services and projections catch
// up while other suites run, so Jest's default 5 s is a flake, not a check (speed is measured in
// bench/, never asserted here). Jest reads `testTimeout` only from the global configuration, not
// from a project's, so the integration projects set it here for every suite they run.
jest.setTimeout(30_000);
