// A lean streaming client for OpenAI-compatible chat completions:
// one `node:http(s)` request over a keep-alive agent, the server-sent events
// split by hand. Measured against the OpenAI SDK's streaming call (fetch,
// web streams, an SDK stream object and its own abort controller per answer):
// the SDK path was a third of the CPU of a question and most of the memory
// an open answer holds. The SDK stays for the calls where it earns its place
// (titles, embeddings, model lists: non-streaming, rare).
//
// Failures are raised as the SDK's own error classes, so the retry rules
// (provider-retry.ts) and the messages a person reads (openai-compatible.ts)
// are the same for both clients.
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { APIConnectionError, APIError } from 'openai/error';
import { createSseParser } from '../../shared/sse.js';
import { guardedAgent } from '../net/guarded-fetch.js';

/** Error bodies are read only this far (a message, never the whole of a misdirected page). */
const ERROR_BODY_LIMIT = 64 * 1024;

export interface StreamTarget {
  /** The provider's base URL (…/v1). */
  baseUrl: string;
  apiKey: string;
}

export interface OpenedStream {
  response: IncomingMessage;
  /** The events' data in order (shared/sse.ts), up to `[DONE]` or the end of the body. */
  events(): AsyncGenerator<string>;
}

/** Parsed once per provider address: a URL per request stayed with the request for the answer's life. */
const endpoints = new Map<string, URL>();

function endpoint(baseUrl: string): URL {
  let url = endpoints.get(baseUrl);
  if (!url) {
    url = new URL(`${baseUrl.replace(/\/+$/u, '')}/chat/completions`);
    endpoints.set(baseUrl, url);
  }
  return url;
}

function headersOf(response: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

async function errorBody(response: IncomingMessage): Promise<unknown> {
  let text = '';
  response.setEncoding('utf8');
  for await (const chunk of response as AsyncIterable<string>) {
    if (text.length < ERROR_BODY_LIMIT) text += chunk;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text ? { error: { message: text.slice(0, 500) } } : undefined;
  }
}

/**
 * Sends the request and resolves once the response headers arrive: a
 * `text/event-stream` body as `events()`, an HTTP error as the SDK's
 * APIError (with the status and headers, so Retry-After is honoured), a
 * connection failure as APIConnectionError. `cancel` destroys the request
 * at any point (a stop, the idle limit): the pending promise or the events
 * iterator then throws `reason`.
 */
export async function openChatStream(target: StreamTarget, payload: unknown, onRequest: (cancel: (reason: Error) => void) => void): Promise<OpenedStream> {
  const url = endpoint(target.baseUrl);
  const client = url.protocol === 'https:' ? https : http;
  // Keep-alive agents that check the address (a model server a manager typed is an outside URL).
  const agent = await guardedAgent(url);
  return new Promise<OpenedStream>((resolve, reject) => {
    // A local no handler below refers to: the request's text is not kept for the answer's life (heap per stream).
    const body = JSON.stringify(payload);
    let cancelled: Error | null = null;
    const request = client.request(url, {
      method: 'POST',
      agent,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        authorization: `Bearer ${target.apiKey}`,
        'content-length': Buffer.byteLength(body),
      },
    });
    let received: IncomingMessage | null = null;
    /** `[DONE]` was read: what follows is only the end of the body. */
    let said = false;
    onRequest((reason) => {
      // A body read to its end leaves the socket to the agent for the next question.
      if (received?.complete || cancelled) return;
      // After `[DONE]` the rest is drained, not cut: destroying would close
      // the keep-alive socket, and the next question would pay a new
      // connection (4 % of a question's CPU).
      if (said) {
        received?.resume();
        return;
      }
      cancelled = reason;
      request.destroy(reason);
    });
    request.on('error', (error) => reject(cancelled ?? new APIConnectionError({ cause: error })));
    request.on('response', (response) => {
      received = response;
      const status = response.statusCode ?? 0;
      if (status >= 400 || status < 200) {
        errorBody(response).then(
          (parsed) => reject(APIError.generate(status, parsed as object | undefined, undefined, headersOf(response))),
          (error: unknown) => reject(cancelled ?? error),
        );
        return;
      }
      response.setEncoding('utf8');
      resolve({
        response,
        async *events() {
          const ready: string[] = [];
          const parser = createSseParser((event) => ready.push(event.data));
          try {
            // Not destroyed when the loop is left (the default): a return at
            // `[DONE]` must not cut the body's last bytes (see the cancel above).
            for await (const chunk of response.iterator({ destroyOnReturn: false }) as AsyncIterable<string>) {
              parser.push(chunk);
              for (let i = 0; i < ready.length; i++) {
                const data = ready[i]!;
                if (data === '[DONE]') {
                  said = true;
                  return;
                }
                yield data;
              }
              ready.length = 0;
            }
            parser.end();
            for (const data of ready) if (data !== '[DONE]') yield data;
          } catch (error) {
            // A cancelled request ends its body with a generic "aborted": say why instead.
            throw cancelled ?? error;
          }
          if (cancelled) throw cancelled;
        },
      });
    });
    request.end(body);
  });
}
