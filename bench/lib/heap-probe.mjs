// Preloaded into a benched server (NODE_OPTIONS=--import=…/heap-probe.mjs):
// on SIGUSR2 it collects garbage and writes the JS heap in use (bytes) to
// the file named by ZX_BENCH_HEAP_FILE, so a bench reads the heap of a
// server in another process. Bench-only; the product never loads it.
import { writeFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');
const file = process.env.ZX_BENCH_HEAP_FILE;
if (file) {
  process.on('SIGUSR2', () => {
    gc();
    gc();
    writeFileSync(file, String(process.memoryUsage().heapUsed));
  });
}
