/// <reference lib="webworker" />
// The analysis worker's entry script: only this import. The worker itself is analysis-worker-main.ts, which
// vite.config.ts puts in a chunk of its own, so that the chunks the worker loads later (a format's reader,
// the portability fixes, "Fix all") import that chunk and never this script: WebKit evaluates a module
// worker's entry script a second time when a module imports it, and that second copy, with an empty
// load-set, then answered every message (tests/e2e/build-output.spec.ts pins the shape of the build).
import './analysis-worker-main.ts';
