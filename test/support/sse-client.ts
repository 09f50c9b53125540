// Reads a text/event-stream response into its JSON `data:` events, the way
// the browser client does, optionally stopping (aborting) part-way.
export interface SseRead<E = Record<string, any>> {
  status: number;
  contentType: string | null;
  events: E[];
  /** The envelope when the server refused before streaming. */
  body?: { code: number; msg: string; data: unknown };
}

export async function postSse(
  url: string,
  token: string,
  body: unknown,
  options: { abortWhen?: (events: Record<string, any>[]) => boolean; headers?: Record<string, string> } = {},
): Promise<SseRead> {
  const controller = new AbortController();
  const response = await fetch(url, {
    method: 'POST',
    // An empty token sends no Authorization (embed calls identify visitors otherwise).
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json', 'client-id': 'app', ...options.headers },
    body: JSON.stringify(body),
    signal: controller.signal,
  });
  const contentType = response.headers.get('content-type');
  if (!contentType?.startsWith('text/event-stream')) {
    return { status: response.status, contentType, events: [], body: (await response.json()) as SseRead['body'] };
  }
  const events: Record<string, any>[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        for (const line of block.split('\n')) if (line.startsWith('data: ')) events.push(JSON.parse(line.slice(6)));
      }
      if (options.abortWhen?.(events)) {
        controller.abort();
        break;
      }
    }
  } catch (error) {
    if (!controller.signal.aborted) throw error;
  }
  return { status: response.status, contentType, events };
}

/** The text an answer streamed, from its delta events. */
export function streamedText(events: Record<string, any>[], messageId?: string): string {
  return events
    .filter((e) => e.type === 'delta' && (!messageId || e.messageId === messageId))
    .map((e) => e.text)
    .join('');
}

/** The first event of a type; fails loudly when the stream did not send it. */
export function eventOf(events: Record<string, any>[], type: string): Record<string, any> {
  const event = events.find((e) => e.type === type);
  if (!event) throw new Error(`no "${type}" event in the stream: ${JSON.stringify(events.map((e) => e.type))}`);
  return event;
}

/** Asks `prompt` in a new dialogue of `model` as the person signed in with `token`, reading the whole stream. */
export async function askInNewChat(
  server: { baseUrl: string; api<T>(method: string, path: string, options: { token: string; body: unknown }): Promise<{ body: { data: T } }> },
  token: string,
  prompt: string,
  model = 'stub-model',
): Promise<SseRead> {
  const created = await server.api<{ chatNumber: string }>('POST', '/v1/chat', { token, body: { model } });
  return postSse(`${server.baseUrl}/new-chat/v1/chat/completions`, token, { conversationId: created.body.data.chatNumber, prompt });
}

export interface SseFollow {
  /** The JSON events so far, each with the `id:` it came with (as `lastEventId`). */
  events: Array<Record<string, any>>;
  status: Promise<number>;
  /** Resolves with the first event (from the start) that matches, or fails after `ms`. */
  waitFor(match: (event: Record<string, any>) => boolean, ms?: number): Promise<Record<string, any>>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Follows a GET event stream as a phone does, keeping it open until close() or the server ends it. */
export function followSse(url: string, token: string, headers: Record<string, string> = {}): SseFollow {
  const controller = new AbortController();
  const events: Array<Record<string, any>> = [];
  const waiters = new Set<() => void>();
  const wake = () => waiters.forEach((w) => w());
  let resolveStatus!: (status: number) => void;
  const status = new Promise<number>((r) => (resolveStatus = r));
  const ended = (async () => {
    try {
      const response = await fetch(url, { headers: { authorization: `Bearer ${token}`, 'client-id': 'app', ...headers }, signal: controller.signal });
      resolveStatus(response.status);
      if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
        events.push({ type: 'refused', body: await response.json() });
        return;
      }
      const decoder = new TextDecoder();
      let buffer = '';
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let id: string | undefined;
          for (const line of block.split('\n')) {
            if (line.startsWith('id: ')) id = line.slice(4);
            if (line.startsWith('data: ')) events.push({ ...JSON.parse(line.slice(6)), ...(id ? { lastEventId: Number(id) } : {}) });
          }
        }
        wake();
      }
    } catch (error) {
      if (!controller.signal.aborted) throw error;
    } finally {
      resolveStatus(0);
      wake();
    }
  })();
  let done = false;
  void ended.finally(() => (done = true));
  return {
    events,
    status,
    ended,
    close: () => controller.abort(),
    waitFor(match, ms = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          } else if (done) {
            waiters.delete(check);
            clearTimeout(timer);
            reject(new Error(`stream ended without the event; got ${JSON.stringify(events.map((e) => e.type))}`));
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event in ${ms} ms; got ${JSON.stringify(events.map((e) => e.type))}`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
  };
}
