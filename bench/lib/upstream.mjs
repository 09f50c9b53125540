// The request the bench's baseline servers (sse-proxy.mjs, sse-floor.mjs) send
// to the model stub: a POST to its chat completions over a keep-alive agent.
import http from 'node:http';

/** `http.request` options for a chat completion at `upstream` (the stub's base URL). */
export function completionRequest(upstream, agent) {
  return {
    host: upstream.hostname,
    port: upstream.port,
    path: `${upstream.pathname.replace(/\/+$/u, '')}/chat/completions`,
    method: 'POST',
    agent,
    headers: { 'content-type': 'application/json' },
  };
}

export const keepAliveAgent = () => new http.Agent({ keepAlive: true });
