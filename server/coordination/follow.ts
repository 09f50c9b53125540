// Follows one answer's events from `after` on, in order and each once,
// wherever it is written: the log is read, then each announced event is
// delivered directly when it is the next one, or the gap is read back.
import type { AnswerLog, LoggedEvent } from './types.js';

export interface Following {
  /** Stops following (idempotent). */
  close(): void;
  /** Reads the log again now (e.g. after a quiet spell). */
  poll(): void;
}

export function followAnswer(log: AnswerLog, answerId: string, after: number, onEvent: (logged: LoggedEvent) => void): Following {
  let last = after;
  let closed = false;
  let pulling = false;
  let again = false;

  const deliver = (logged: LoggedEvent) => {
    if (closed || logged.seq !== last + 1) return;
    last = logged.seq;
    onEvent(logged);
    if (logged.event.type === 'end') close();
  };

  const pull = async () => {
    if (pulling) {
      again = true;
      return;
    }
    pulling = true;
    try {
      do {
        again = false;
        const events = await log.read(answerId, last).catch(() => [] as LoggedEvent[]);
        for (const logged of events) deliver(logged);
      } while (again && !closed);
    } finally {
      pulling = false;
    }
  };

  const stopListening = log.listen(answerId, (seq, event) => {
    if (closed || seq <= last) return;
    if (!pulling && seq === last + 1) deliver({ seq, event });
    else void pull();
  });

  function close() {
    if (closed) return;
    closed = true;
    stopListening();
  }

  void pull();
  return { close, poll: () => void pull() };
}
