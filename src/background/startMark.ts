/**
 * Imported first by the worker's entry (index.ts), so it is the first module evaluated: the
 * `rsk:evaluation-started` mark splits a cold start's loading and compiling of the worker's
 * scripts from the evaluation of their top levels (bench/extension/worker.mjs reads the marks).
 */
performance.mark('rsk:evaluation-started')
