// A short non-streamed answer (titles, suggested questions) built on the
// same streaming interface, with its own time limit so a slow model never
// holds a chat up.
import type { ChatTurn, ModelProvider } from './types.js';

export async function completeText(
  provider: ModelProvider,
  request: { model: string; version?: string; messages: ChatTurn[]; temperature?: number },
  timeoutMs: number,
): Promise<string> {
  const signal = AbortSignal.timeout(timeoutMs);
  let text = '';
  for await (const event of provider.stream({ ...request, temperature: request.temperature ?? 0.3, topP: 1, signal })) {
    if (event.type === 'delta') text += event.text;
  }
  return text.trim();
}
