// The one reader of server-sent events, for the server (model providers'
// streams) and the browser (the app's and the embed's answer streams). It
// follows the HTML event-stream rules: a line ends with CRLF, LF or CR alone
// (a CR at the end of one chunk and an LF at the start of the next are one
// line end), a blank line ends an event, the `data:` lines of one event are
// joined with LF, one space after the colon is dropped, comments (`:`) are
// skipped. Small on purpose: the embed's panel carries it.

/** One event as sent: `event` is `message` when the stream named none (ids are not read: no reader resumes by them). */
export interface SseMessage {
  event: string;
  data: string;
}

export interface SseParser {
  /** Feeds the next decoded text of the body. */
  push(text: string): void;
  /** The body ended: an event not closed by a blank line is still delivered. */
  end(): void;
}

/** A parser that calls `onEvent` for each complete event carrying data. */
export function createSseParser(onEvent: (event: SseMessage) => void): SseParser {
  /** The last line, not ended yet (or ended by a CR that may be half of a CRLF). */
  let pending = '';
  let data: string[] = [];
  let event = '';

  const dispatch = () => {
    if (data.length) onEvent({ event: event || 'message', data: data.join('\n') });
    data = [];
    event = '';
  };

  const line = (text: string) => {
    if (!text) return dispatch();
    // A comment (`: ping`) has an empty field name, and so is skipped.
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    const value = colon < 0 ? '' : text.slice(colon + (text[colon + 1] === ' ' ? 2 : 1));
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
  };

  const lines = (text: string) => text.split(/\r\n?|\n/u);

  return {
    push(text) {
      const all = pending + text;
      const cut = all.endsWith('\r') ? all.length - 1 : all.length;
      const complete = lines(all.slice(0, cut));
      pending = complete.pop()! + all.slice(cut);
      for (const each of complete) line(each);
    },
    end() {
      for (const each of lines(pending.replace(/\r$/u, ''))) if (each) line(each);
      pending = '';
      dispatch();
    },
  };
}
