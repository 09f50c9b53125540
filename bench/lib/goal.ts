// What every bench prints beside its figures: the machine's load average,
// and for a figure with a goal one line that `npm run bench`
// (scripts/bench-all.sh) gathers into its closing summary:
//   GOAL <id> | <what> | <figure, with its same-run baseline> | <limit> | load <1-min> | met / not met
import { loadavg } from 'node:os';

/** The 1, 5 and 15-minute load averages, e.g. "load average 3.2 / 2.8 / 1.9". */
export function loadAverage(): string {
  return `load average ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ')}`;
}

export interface GoalReport {
  /** The goal's number in docs/performance.md's table, e.g. "2". */
  id: string;
  /** What is measured, e.g. "GET /app/user: server CPU per request ÷ a bare Fastify hello's". */
  what: string;
  /** The figure with its baseline from the same run, e.g. "1.62× (26 µs against 16 µs)". */
  figure: string;
  /** The goal, e.g. "≤ 1.5×". */
  limit: string;
  met: boolean;
}

/** Prints one goal line; returns whether it was met. */
export function reportGoal(goal: GoalReport): boolean {
  console.log(`GOAL ${goal.id} | ${goal.what} | ${goal.figure} | ${goal.limit} | load ${loadavg()[0]!.toFixed(1)} | ${goal.met ? 'met' : 'not met'}`);
  return goal.met;
}

/** A figure beside its same-run baseline and their ratio: "8.5 s against the bare hello's 1.4 s (6.03×)". */
export function sameRunFigure(value: string, baseline: string, ratio: number): string {
  return `${value} against ${baseline} (${ratio.toFixed(2)}×)`;
}
