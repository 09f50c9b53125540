// An answer whose stream cannot be followed (the stream fails to open, or
// its first write fails) must still be under the detached bound
// (ZX_ANSWER_DETACHED_SECONDS): before, such an answer ran with no bound.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ServerContext } from '../../../server/context.js';
import { streamCompletion, type StartedCompletion } from '../../../server/modules/chat/completion-start.js';
import type { SseStream } from '../../../server/modules/chat/sse.js';
import { messageRecord } from '../../support/chat-rows.js';

const question = messageRecord({ id: 'q1', chatId: 'c1', userId: 'u1', content: 'hello', createdAt: 1, updatedAt: 1 });

function startedWith(detached: string[]): StartedCompletion {
  return {
    chatId: 'c1',
    question,
    jobs: [],
    launched: { done: Promise.resolve([]), detach: () => detached.push('detached'), cancel: () => {} },
  };
}

const ctx = {} as ServerContext;

test('a stream that fails to open leaves the answers under the detached bound', async () => {
  const detached: string[] = [];
  await assert.rejects(
    streamCompletion(ctx, startedWith(detached), () => {
      throw new Error('the socket is gone');
    }),
    /socket is gone/u,
  );
  assert.deepEqual(detached, ['detached']);
});

test('a stream whose first event cannot be written leaves the answers under the detached bound', async () => {
  const detached: string[] = [];
  const failing = {
    send: () => {
      throw new Error('write failed');
    },
  } as unknown as SseStream;
  await assert.rejects(
    streamCompletion(ctx, startedWith(detached), () => failing),
    /write failed/u,
  );
  assert.deepEqual(detached, ['detached']);
});
