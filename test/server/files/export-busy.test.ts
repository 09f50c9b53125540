// An export that cannot finish in time (a busy server: its worker waits for a
// core) answers 503 with Retry-After and a message in the reader's language,
// never a 500; the client may simply try again.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sendSheets } from '../../../server/modules/evaluation/index.js';
import { startTestServer } from '../../support/server.js';

test('an export whose worker runs out of time answers a retryable 503 in the reader’s language', async () => {
  const server = await startTestServer({
    setup(app) {
      // Any export, given a time limit no worker can meet: as one on a machine too busy to run it in time.
      app.get('/new-chat/test/slow-export', async (_request, reply) =>
        sendSheets(reply, '测评分析', [{ name: '概览', headers: ['指标', '数值'], rows: [['交卷人数', 1]] }], { memoryMb: 64, timeoutMs: 1 }),
      );
    },
  });
  try {
    for (const [language, words] of [
      ['en-US', /server is busy.*try again/iu],
      ['zh-CN', /服务器繁忙.*请稍后重试/u],
    ] as const) {
      const res = await fetch(`${server.baseUrl}/new-chat/test/slow-export`, { headers: { 'accept-language': language } });
      assert.equal(res.status, 503);
      assert.equal(res.headers.get('retry-after'), '30');
      const body = (await res.json()) as { code: number; msg: string };
      assert.equal(body.code, 503);
      assert.match(body.msg, words);
    }
  } finally {
    await server.close();
  }
});
