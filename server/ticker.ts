// One interval shared by every subscriber of the same period, instead of a
// timer each (every open answer stream had a heartbeat interval
// and a relay watchdog interval of its own, held for its whole life). The
// interval runs only while someone is subscribed, and never keeps the
// process alive. A subscriber that throws is logged away from the others:
// each runs in its own try.
export interface Ticker {
  /** Calls `tick` every period until the returned function is called (pass a function of its own: a set holds them). */
  every(tick: () => void): () => void;
  /** How many subscribers the interval serves (tests). */
  readonly size: number;
}

export function createTicker(periodMs: number, onError: (error: unknown) => void = () => {}): Ticker {
  const ticks = new Set<() => void>();
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    for (const tick of ticks) {
      try {
        tick();
      } catch (error) {
        onError(error);
      }
    }
  };
  return {
    every(tick) {
      ticks.add(tick);
      timer ??= setInterval(run, periodMs).unref();
      return () => {
        ticks.delete(tick);
        if (ticks.size === 0 && timer) {
          clearInterval(timer);
          timer = undefined;
        }
      };
    },
    get size() {
      return ticks.size;
    },
  };
}
