// The one reader of server-sent events, for the server (model providers'
// streams) and the browser (the app's and the embed's answer streams). It
// follows the HTML event-stream rules: a line ends with CRLF, LF or CR alone
// (a CR at the end of one chunk and an LF at the start of the next are one
// line end), a blank line ends an event, the `data:` lines of one event are
// joined with LF, one space after the colon is dropped, comments (`:`) are
// skipped.

/** One event as sent: `event` is `message` when the stream named none. */
export interface SseMessage {
  event: string;
  data: string;
  id?: string;
}

export interface SseParser {
  /** Feeds the next decoded text of the body. */
  push(text: string): void;
  /** The body ended: an event not closed by a blank line is still delivered. */
  end(): void;
}

function indexOrEnd(text: string, char: string, from: number): number {
  const at = text.indexOf(char, from);
  return at === -1 ? Infinity : at;
}

/** A parser that calls `onEvent` for each complete event carrying data. */
export function createSseParser(onEvent: (event: SseMessage) => void): SseParser {
  let pending = '';
  /** The last chunk ended with CR: an LF opening the next one belongs to it. */
  let afterCr = false;
  let data: string[] = [];
  let event = '';
  let id: string | undefined;

  const dispatch = () => {
    if (data.length) onEvent({ event: event || 'message', data: data.join('\n'), ...(id === undefined ? {} : { id }) });
    data = [];
    event = '';
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.charCodeAt(0) === 58 /* : */) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    const value = colon === -1 ? '' : text.slice(text.charCodeAt(colon + 1) === 32 ? colon + 2 : colon + 1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id') id = value;
  };

  return {
    push(text) {
      if (afterCr && text.charCodeAt(0) === 10) text = text.slice(1);
      afterCr = false;
      pending += text;
      let start = 0;
      // Each kind of line end is looked for again only once passed: a body without CR is scanned for one once.
      let lf = -1;
      let cr = -1;
      for (;;) {
        if (lf < start && lf !== Infinity) lf = indexOrEnd(pending, '\n', start);
        if (cr < start && cr !== Infinity) cr = indexOrEnd(pending, '\r', start);
        const end = Math.min(lf, cr);
        if (end === Infinity) break;
        line(pending.slice(start, end));
        if (end === lf) start = end + 1;
        else if (end + 1 === pending.length) {
          afterCr = true;
          start = end + 1;
        } else start = pending.charCodeAt(end + 1) === 10 ? end + 2 : end + 1;
      }
      pending = pending.slice(start);
    },
    end() {
      if (pending) line(pending);
      pending = '';
      dispatch();
    },
  };
}
