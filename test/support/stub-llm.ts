/**
 * A local OpenAI-compatible server over real HTTP, for tests and benches.
 * Behaviour is picked by the model name so that end-to-end tests, which can
 * only choose a model in the UI, reach every case:
 *   <any>            streams `reply(body)` (default "Echo: <last user text>") word by word
 *   *fail-mid*       streams a few words, then drops the connection
 *   *error-401*      answers 401 at once
 *   *slow*           waits `slowFirstTokenMs` before the first token
 *   *stall*          streams a few words, then goes silent with the connection open
 *   *not-stream*     answers 200 with a plain JSON completion even when a stream was asked for
 *   *rate-limit*     answers 429 with `Retry-After: retryAfterSeconds` (default 600)
 *   *empty*          finishes (with usage) without any content
 *   *blank*          streams only whitespace, then finishes
 *   *think-only*     streams its words as `reasoning_content` only (a reasoning model that never answered)
 *   *thinker*        streams `reasoning_content` first (DeepSeek-R1 style: "Thinking about: <question>"), then the reply
 *   *costly*         reports a usage of 15,000 prompt and 15,000 completion tokens (a provider billing far more than counted)
 *   *echo-system*    answers with the system message it was sent (what reached the model besides the question)
 *   rec-<name>       sends test/fixtures/provider-streams/<name>.sse as it is, a few characters at a time
 *                    (recorded-style streams of real providers: openai, deepseek-reasoner, mistral, magistral,
 *                    openrouter, error-mid, cr-only, multiline)
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { repoPath } from './repo.js';

export interface StubRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, any>;
}

export interface StubLlmOptions {
  /** Delay between streamed tokens. */
  tokenDelayMs?: number;
  /** Delay between a *thinker*'s reasoning tokens (default tokenDelayMs). */
  thinkDelayMs?: number;
  slowFirstTokenMs?: number;
  /** Retry-After of the *rate-limit* models, in seconds. */
  retryAfterSeconds?: number;
  /** Text the stub answers with; default echoes the last user message. */
  reply?: (body: Record<string, any>) => string;
}

export interface StubLlm {
  baseUrl: string;
  requests: StubRequest[];
  /** Streams currently open (for memory and concurrency benches). */
  openStreams(): number;
  /** TCP connections accepted so far (a keep-alive client reuses one). */
  connections(): number;
  setReply(reply: (body: Record<string, any>) => string): void;
  close(): Promise<void>;
}

export function lastUserText(body: Record<string, any>): string {
  const messages: Array<{ role: string; content: unknown }> = body.messages ?? [];
  const last = [...messages].reverse().find((m) => m.role === 'user');
  if (!last) return '';
  if (typeof last.content === 'string') return last.content;
  return (last.content as Array<{ type: string; text?: string }>).map((p) => p.text ?? '').join(' ');
}

export const defaultReply = (body: Record<string, any>) => `Echo: ${lastUserText(body)}`;

/** The system message a request carried ('' when none). */
export function systemText(body: Record<string, any>): string {
  const first = (body.messages ?? [])[0] as { role: string; content: unknown } | undefined;
  return first?.role === 'system' && typeof first.content === 'string' ? first.content : '';
}

// From the repository root: the suite runs this file compiled in dist-tests/, where no fixture is copied.
const RECORDED = repoPath('test/fixtures/provider-streams');

/** A recorded-style provider stream, exactly as it goes over the wire. */
export function recordedStream(name: string): string {
  if (!/^[a-z-]+$/u.test(name)) throw new Error(`no recorded stream ${name}`);
  return readFileSync(path.join(RECORDED, `${name}.sse`), 'utf8');
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Deterministic 16-dimension embedding from character codes: similar strings get similar vectors. */
function fakeEmbedding(text: string): number[] {
  const v = new Array(16).fill(0);
  for (const ch of text) v[ch.codePointAt(0)! % 16] += 1;
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}

export async function startStubLlm(options: StubLlmOptions = {}): Promise<StubLlm> {
  const requests: StubRequest[] = [];
  let reply = options.reply ?? defaultReply;
  let open = 0;

  async function streamRecorded(res: ServerResponse, name: string, req: IncomingMessage) {
    const raw = recordedStream(name);
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    open += 1;
    let closed = false;
    req.on('close', () => (closed = true));
    res.on('close', () => (closed = true));
    try {
      // Small slices, so events and line ends are cut across the body's chunks as a network would.
      for (let at = 0; at < raw.length && !closed; at += 7) {
        res.write(raw.slice(at, at + 7));
        await sleep(options.tokenDelayMs ?? 0);
      }
      res.end();
    } finally {
      open -= 1;
    }
  }

  async function streamCompletion(res: ServerResponse, body: Record<string, any>, req: IncomingMessage) {
    const model: string = body.model;
    if (model.startsWith('rec-')) return streamRecorded(res, model.slice(4), req);
    // The empty models say nothing visible; a *think-only* one says its words as reasoning.
    const answer = model.includes('echo-system') ? systemText(body) : reply(body);
    const words = model.includes('empty') ? [] : model.includes('blank') ? ['\n\n', '  ', '\n'] : answer.split(/(?<=\s)/u);
    const part = model.includes('think-only') ? 'reasoning_content' : 'content';
    // A thinker reasons first, in its own field, then answers.
    const thoughts = model.includes('thinker') ? `Thinking about: ${lastUserText(body)}`.split(/(?<=\s)/u) : [];
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    open += 1;
    let closed = false;
    req.on('close', () => (closed = true));
    // The client went away (the request's own 'close' came when its body was read): stop streaming.
    res.on('close', () => (closed = true));
    try {
      if (model.includes('slow')) await sleep(options.slowFirstTokenMs ?? 2_000);
      for (const thought of thoughts) {
        if (closed) break;
        const chunk = {
          id: 'stub',
          object: 'chat.completion.chunk',
          created: 0,
          model,
          choices: [{ index: 0, delta: { content: null, reasoning_content: thought }, finish_reason: null }],
        };
        res.write(`data: ${JSON.stringify(chunk)}\n\n`);
        await sleep(options.thinkDelayMs ?? options.tokenDelayMs ?? 0);
      }
      const cutShort = model.includes('fail-mid') || model.includes('stall');
      const limit = cutShort ? Math.min(3, words.length) : words.length;
      for (let i = 0; i < limit && !closed; i++) {
        const chunk = {
          id: 'stub',
          object: 'chat.completion.chunk',
          created: 0,
          model,
          choices: [{ index: 0, delta: { [part]: words[i] }, finish_reason: null }],
        };
        res.write(`data: ${JSON.stringify(chunk)}\n\n`);
        if (options.tokenDelayMs) await sleep(options.tokenDelayMs);
      }
      if (model.includes('fail-mid')) {
        res.socket?.destroy();
        return;
      }
      if (model.includes('stall')) {
        // Silent until the client gives up (or the stub closes).
        await new Promise<void>((resolve) => req.on('close', () => resolve()));
        return;
      }
      const done = { id: 'stub', object: 'chat.completion.chunk', created: 0, model, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] };
      res.write(`data: ${JSON.stringify(done)}\n\n`);
      if (body.stream_options?.include_usage) {
        const usage = {
          id: 'stub',
          object: 'chat.completion.chunk',
          created: 0,
          model,
          choices: [],
          usage: model.includes('costly')
            ? { prompt_tokens: 15_000, completion_tokens: 15_000, total_tokens: 30_000 }
            : { prompt_tokens: 11, completion_tokens: words.length, total_tokens: 11 + words.length },
        };
        res.write(`data: ${JSON.stringify(usage)}\n\n`);
      }
      res.end('data: [DONE]\n\n');
    } finally {
      open -= 1;
    }
  }

  const server: Server = createServer(async (req, res) => {
    const raw = await readBody(req);
    const body = raw ? JSON.parse(raw) : {};
    const path = (req.url ?? '').replace(/\?.*$/u, '');
    requests.push({ path, headers: req.headers, body });
    const json = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (path.endsWith('/models')) return json(200, { object: 'list', data: [{ id: 'stub-model', object: 'model' }] });
    if (path.endsWith('/embeddings')) {
      const inputs: string[] = Array.isArray(body.input) ? body.input : [body.input];
      return json(200, {
        object: 'list',
        model: body.model,
        data: inputs.map((t, index) => ({ object: 'embedding', index, embedding: fakeEmbedding(t) })),
        usage: { prompt_tokens: 1, total_tokens: 1 },
      });
    }
    if (!path.endsWith('/chat/completions')) return json(404, { error: { message: 'not found' } });
    if (String(body.model).includes('error-401')) return json(401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } });
    if (String(body.model).includes('rate-limit')) {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': String(options.retryAfterSeconds ?? 600) });
      return res.end(JSON.stringify({ error: { message: 'Rate limit reached, try again later', type: 'rate_limit_error' } }));
    }
    if (body.stream && !String(body.model).includes('not-stream')) return streamCompletion(res, body, req);
    return json(200, {
      id: 'stub',
      object: 'chat.completion',
      created: 0,
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content: reply(body) }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 11, completion_tokens: 5, total_tokens: 16 },
    });
  });
  let connections = 0;
  server.on('connection', () => connections++);
  // Long, as a real provider keeps a connection (and long enough that a
  // client never reuses one the stub is just closing, even on a loaded machine).
  // At 1 s the server says `Keep-Alive: timeout=1`, and a Node client then
  // never reuses the connection (it keeps a second of margin).
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    openStreams: () => open,
    connections: () => connections,
    setReply(next) {
      reply = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
