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
