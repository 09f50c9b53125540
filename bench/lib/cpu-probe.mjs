// Preloaded into a benched server to profile it (`--cpu-prof` is refused in
// NODE_OPTIONS): BENCH_SERVER_NODE_OPTIONS=--import=<abs path>/bench/lib/cpu-probe.mjs
// with ZX_BENCH_CPU_PROFILE_DIR=<dir> set. The server is profiled from its start
// and the profile is written to <dir>/<pid>.cpuprofile when it exits (open it in
// Chrome DevTools). Bench-only; the product never loads it.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';

const dir = process.env.ZX_BENCH_CPU_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 200 });
  session.post('Profiler.start');
  // A same-thread inspector session answers synchronously, so this works inside 'exit'.
  process.on('exit', () => {
    session.post('Profiler.stop', (error, result) => {
      if (!error) writeFileSync(join(dir, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
