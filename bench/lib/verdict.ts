// One line per goal of docs/performance.md: the figure, the baseline measured
// in the same run, their ratio, the load average it was taken at, and whether
// the goal is met.
import { loadavg } from 'node:os';

export interface Verdict {
  /** What is measured, e.g. 'embed panel (gzip)'. */
  what: string;
  /** The figure and the baseline, already formatted with their units. */
  value: string;
  baseline: string;
  /** value ÷ baseline. */
  ratio: number;
  /** The goal in words, e.g. '≤ 45 KB' or '≤ 3× the hello'. */
  goal: string;
  met: boolean;
}

/** The 1, 5 and 15 minute load averages, as `a/b/c`. */
export function loadAverage(): string {
  return loadavg()
    .map((value) => value.toFixed(1))
    .join('/');
}

/** Prints the goal's line and returns whether it is met. */
export function printVerdict(verdict: Verdict): boolean {
  console.log(
    `GOAL ${verdict.what}: ${verdict.value} against ${verdict.baseline} in the same run (${verdict.ratio.toFixed(2)}×); ` +
      `goal ${verdict.goal}; load ${loadAverage()}: ${verdict.met ? 'met' : 'not met'}`,
  );
  return verdict.met;
}
