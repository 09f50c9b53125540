// The embed in Chromium against the real built server (answers
// from the stub LLM): the demo CMS page (hostile global stylesheet, strict
// CSP) with two widgets driven through the API; the page's styles untouched
// and the widgets' look independent of them; a site the key does not allow
// refused; per-visitor limits; visitors kept apart; hostile answers inert;
// iframe parents allowed or not; the demo iframe sized to its content.
// The second origin is a small page server on another port of 127.0.0.1.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { startStubLlm, type StubLlm } from '../support/stub-llm.js';
import { DEMO_PASSWORD, launchBrowser, signIn, startServer, withPage, type RunningServer } from './support.js';

let browser: Browser;
let server: RunningServer;
let stub: StubLlm;
let other: { url: string; pages: Map<string, string>; close(): Promise<void> };
let teacherToken: string;

const LONG_REPLY = Array.from({ length: 40 }, (_, i) => `第${i + 1}句。`).join(' ');

async function startOtherOrigin(): Promise<typeof other> {
  const pages = new Map<string, string>();
  const http: Server = createServer((req, res) => {
    const html = pages.get((req.url ?? '/').split('?')[0]!);
    res.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html ?? 'not found');
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    pages,
    close: () => new Promise<void>((resolve) => http.close(() => resolve())),
  };
}

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}/new-chat${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${teacherToken}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const reply = (await res.json()) as { code: number; msg: string; data: T };
  assert.equal(reply.code, 200, reply.msg);
  return reply.data;
}

const makeKey = (body: Record<string, unknown>) =>
  api<{ key: string }>('POST', '/app/user/embed/key', { name: 'e2e', assistantId: 'sys-study-helper', origins: [other.url], ...body }).then((k) => k.key);

/** How two screenshots differ: pixels changed and the largest change (sum over R, G, B), decoded by the browser. */
async function pixelDifference(page: Page, a: Buffer, b: Buffer): Promise<{ changed: number; maxDelta: number }> {
  const scratch = await page.context().newPage();
  try {
    return await scratch.evaluate(
      `(async ([a, b]) => {
        const load = (src) => new Promise((resolve) => { const i = new Image(); i.onload = () => resolve(i); i.src = src; });
        const pixels = (img) => { const c = document.createElement('canvas'); c.width = img.width; c.height = img.height; const g = c.getContext('2d'); g.drawImage(img, 0, 0); return g.getImageData(0, 0, img.width, img.height).data; };
        const [ia, ib] = await Promise.all([load(a), load(b)]);
        if (ia.width !== ib.width || ia.height !== ib.height) return { changed: Infinity, maxDelta: Infinity };
        const pa = pixels(ia), pb = pixels(ib);
        let changed = 0, maxDelta = 0;
        for (let i = 0; i < pa.length; i += 4) {
          const d = Math.abs(pa[i] - pb[i]) + Math.abs(pa[i + 1] - pb[i + 1]) + Math.abs(pa[i + 2] - pb[i + 2]);
          if (d > 0) { changed++; maxDelta = Math.max(maxDelta, d); }
        }
        return { changed, maxDelta };
      })(${JSON.stringify([`data:image/png;base64,${a.toString('base64')}`, `data:image/png;base64,${b.toString('base64')}`])})`,
    );
  } finally {
    await scratch.close();
  }
}

const widget = (page: Page, id: string) => page.locator(`zhixue-chat[data-id="${id}"]`);
const answers = (page: Page, id: string) => widget(page, id).locator('[data-role="assistant"]');
const completionCalls = () => stub.requests.filter((r) => r.path.endsWith('/chat/completions') && r.body.stream).length;

before(async () => {
  stub = await startStubLlm({ tokenDelayMs: 15 });
  server = await startServer({ ZX_LLM_BASE_URL: stub.baseUrl, ZX_LLM_API_KEY: 'sk-e2e', ZX_LLM_MODELS: 'stub-model' });
  other = await startOtherOrigin();
  browser = await launchBrowser();
  const login = await fetch(`${server.url}/new-chat/app/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'teacher', password: DEMO_PASSWORD }),
  });
  teacherToken = ((await login.json()) as { data: { token: string } }).data.token;
});
after(async () => {
  await browser?.close();
  await other?.close();
  await server?.stop();
  await stub?.close();
});

describe('demo/cms.html', () => {
  test('both widgets open, stream answers and are driven separately through the API, under the strict CSP', () =>
    withPage(browser, server, 'embed-cms-two-widgets', async (page) => {
      const violations: string[] = [];
      page.on('console', (m) => {
        if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
      });
      stub.setReply(() => LONG_REPLY);
      await page.goto('/demo/cms.html');
      await widget(page, 'study').locator('[data-testid="embed-welcome"]').waitFor();

      // The page's own button asks the safety tutor through Zhixue.send(text, 'safety').
      await page.getByRole('button', { name: '问安全导师：进实训室前要做哪些准备？' }).click();
      await answers(page, 'safety').first().and(page.locator('[data-status="streaming"]')).waitFor();
      await answers(page, 'safety').first().and(page.locator('[data-status="done"]')).waitFor({ timeout: 20_000 });
      assert.match((await answers(page, 'safety').first().textContent()) ?? '', /第40句/);
      assert.equal(await answers(page, 'study').count(), 0, 'the other widget was not asked');

      stub.setReply((body) => `Echo: ${body.messages.at(-1).content}`);
      await page.getByRole('button', { name: '问学习助手：什么是 PLC？' }).click();
      await answers(page, 'study').first().and(page.locator('[data-status="done"]')).waitFor({ timeout: 20_000 });
      assert.match((await answers(page, 'study').first().textContent()) ?? '', /Echo: 请用通俗的话解释什么是 PLC/);
      assert.equal(await answers(page, 'safety').count(), 1);

      // toggle('safety') closes only that one.
      await page.getByRole('button', { name: '打开 / 关闭安全导师' }).click();
      await widget(page, 'safety').locator('.b').waitFor({ state: 'hidden' });
      assert.ok(await widget(page, 'study').locator('[role="region"]').isVisible());

      const events = await page.locator('#zx-events').innerText();
      for (const line of [
        'safety · zx:ready',
        'study · zx:ready',
        'safety · zx:open',
        'safety · zx:message · user',
        'safety · zx:message · assistant · done',
        'study · zx:message · assistant · done',
        'safety · zx:close',
      ]) {
        assert.ok(events.includes(line), `missing event "${line}" in:\n${events}`);
      }
      assert.ok(!events.includes('study · zx:open'), 'an inline widget is always open: no open event');
      assert.deepEqual(violations, []);
    }));

  test('the script is a classic script that declares nothing but Zhixue', async () => {
    const source = await (await fetch(`${server.url}/new-chat/embed.js`)).text();
    assert.ok(source.startsWith('(()=>{') && source.trimEnd().endsWith('})();'), 'wrapped in a function');
    assert.doesNotMatch(source, /^\s*(import|export)\s/m);
    assert.ok(Buffer.byteLength(source) < 12_000);
  });

  test("the page's own styles are untouched by the widgets", async () => {
    const probe = (page: Page) =>
      page.evaluate(() =>
        ['body', 'h1', '.mainnav a.active', '.site-search button', '.article p', '.sidebar h3', '.footer'].map((selector) => {
          const s = getComputedStyle(document.querySelector(selector)!);
          return [selector, s.fontFamily, s.fontSize, s.lineHeight, s.color, s.backgroundColor, s.margin, s.padding, s.transform, s.overflow].join('|');
        }),
      );
    const without = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    const plain = await without.newPage();
    await plain.route('**/new-chat/embed.js', (route) => route.abort());
    await plain.goto('/demo/cms.html');
    const expected = await probe(plain);
    await without.close();
    await withPage(browser, server, 'embed-page-styles', async (page) => {
      await page.goto('/demo/cms.html');
      await widget(page, 'study').locator('[data-testid="embed-welcome"]').waitFor();
      await page.evaluate(() => (window as unknown as { Zhixue: { open(id: string): void } }).Zhixue.open('safety'));
      await widget(page, 'safety').locator('[data-testid="embed-welcome"]').waitFor();
      assert.deepEqual(await probe(page), expected);
      assert.equal(await page.evaluate(() => document.styleSheets.length), 1);
      assert.equal(await page.evaluate(() => document.adoptedStyleSheets.length), 0);
    });
  });

  test('the widgets look the same with and without the page’s stylesheet', () =>
    withPage(browser, server, 'embed-look', async (page) => {
      await page.goto('/demo/cms.html');
      // Where the sidebar slot sits comes from the page's stylesheet: pin it (whole pixels) so only the widget's own look is compared.
      await page.evaluate(() => {
        const slot = document.getElementById('zx-study')!;
        Object.assign(slot.style, { position: 'fixed', left: '40px', top: '40px', width: '330px', height: '560px', zIndex: '5' });
      });
      await widget(page, 'study').locator('.chip').first().waitFor();
      await page.evaluate(() => (window as unknown as { Zhixue: { open(id: string): void } }).Zhixue.open('safety'));
      await widget(page, 'safety').locator('.chip').first().waitFor();
      await page.mouse.move(0, 0);
      // Inside the rounded corners only (what shows there is the page behind), one widget at a time.
      const shot = async (locator: ReturnType<typeof widget>, inset: number) => {
        const box = (await locator.boundingBox())!;
        return page.screenshot({
          clip: { x: box.x + inset, y: box.y + inset, width: box.width - 2 * inset, height: box.height - 2 * inset },
          animations: 'disabled',
        });
      };
      const zhixue = (method: 'open' | 'close', id: string) =>
        page.evaluate(
          ([m, i]) => {
            const call = (window as unknown as Record<string, Record<string, (id: string) => void>>).Zhixue?.[m];
            if (!call) throw new Error(`window.Zhixue.${m} is missing`);
            call(i);
          },
          [method, id] as const,
        );
      const shots = async () => {
        await zhixue('close', 'safety');
        const inline = await shot(widget(page, 'study').locator('.p'), 16);
        await zhixue('open', 'safety');
        await page.locator('body').click({ position: { x: 5, y: 5 } }); // focus away (no caret)
        return { inline, floating: await shot(widget(page, 'safety').locator('.p'), 16), launcher: await shot(widget(page, 'safety').locator('button.l'), 10) };
      };
      const styled = await shots();
      await page.evaluate(() => ((document.getElementById('cms-style') as HTMLLinkElement).disabled = true));
      assert.equal(await page.evaluate(() => getComputedStyle(document.body).fontFamily.includes('SimSun')), false, 'the stylesheet is off');
      const bare = await shots();
      // The page puts the inline slot under a transformed (GPU-composited) ancestor, which antialiases text a
      // shade differently; any style reaching the widget would change whole glyphs and colours instead.
      const inline = await pixelDifference(page, styled.inline, bare.inline);
      assert.ok(inline.maxDelta <= 48, `the inline widget changed with the page stylesheet: ${JSON.stringify(inline)}`);
      assert.ok(styled.floating.equals(bare.floating), 'the floating panel changed with the page stylesheet');
      assert.ok(styled.launcher.equals(bare.launcher), 'the launcher changed with the page stylesheet');
    }));

  test('demo/iframe.html sizes the iframe to the chat it holds', () =>
    withPage(browser, server, 'embed-demo-iframe', async (page) => {
      await page.goto('/demo/iframe.html');
      const frame = page.frameLocator('#zx-frame');
      await frame.locator('zx-embed-chat zhixue-chat [data-testid="embed-welcome"]').waitFor();
      await page.getByRole('button', { name: '提问：欧姆定律怎么用？' }).click();
      await frame.locator('[data-role="assistant"][data-status="done"]').waitFor({ timeout: 20_000 });
      await page.locator('#zx-log li', { hasText: 'zx:message · assistant · done' }).waitFor();
      // The height keeps changing while suggestions arrive, and the frame eases into it: wait until the chat's
      // own height, the height it reported and the frame's height agree (the demo is same-origin, so it can look in).
      await page.waitForFunction(() => {
        const frame = document.getElementById('zx-frame') as HTMLIFrameElement;
        const reported = Number(document.getElementById('zx-height')!.textContent);
        const chat = frame.contentDocument?.querySelector('zx-embed-chat')?.shadowRoot?.querySelector('zhixue-chat')?.shadowRoot?.querySelector('.p');
        const inner = chat ? Math.ceil(chat.getBoundingClientRect().height) : -1;
        const actual = Math.round(frame.getBoundingClientRect().height);
        return reported !== 480 && Math.abs(inner - reported) <= 2 && actual === Math.max(360, reported);
      });
    }));
});

/** This installation's demo key (random per installation), as the demo page names it. */
async function demoKey(name: 'safety' | 'study'): Promise<string> {
  const html = await (await fetch(`${server.url}/demo/cms.html`)).text();
  const id = new RegExp(`data-key="(zxk_demo_${name}_[0-9a-f]+)"`, 'u').exec(html)?.[1];
  assert.ok(id, `the demo page names the ${name} key`);
  return id;
}

describe('keys and origins', () => {
  test('a site the key does not allow gets no answer, only a message', () =>
    withPage(browser, server, 'embed-refused-origin', async (page) => {
      const demo = await demoKey('safety');
      other.pages.set(
        '/refused.html',
        `<!doctype html><meta charset="utf-8"><body><h1>Other school</h1>
        <script src="${server.url}/new-chat/embed.js" data-key="${demo}" data-id="x" data-open-on-load="true" async></script>`,
      );
      // The browser's preflight is refused (no CORS headers), so the call itself never goes out.
      const blocked = page.waitForEvent('requestfailed', (r) => r.url().endsWith(`/app/api/embed/${demo}/session`));
      await page.goto(`${other.url}/refused.html`);
      await blocked;
      await widget(page, 'x').locator('[role="alert"]', { hasText: '暂时无法连接' }).waitFor();
      const preflight = await fetch(`${server.url}/new-chat/app/api/embed/${demo}/session`, {
        method: 'OPTIONS',
        headers: { origin: other.url, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
      assert.equal(preflight.status, 403);
      assert.equal(preflight.headers.get('access-control-allow-origin'), null);
      assert.equal(await widget(page, 'x').locator('[data-testid="embed-welcome"]').count(), 0);
    }));

  test('an allowed site: the per-visitor limit holds, and another visitor sees none of the first one’s chat', async () => {
    const key = await makeKey({ limits: { visitorDailyMessages: 1 } });
    other.pages.set(
      '/allowed.html',
      `<!doctype html><meta charset="utf-8"><body><div id="slot" style="height:600px"></div>
      <script src="${server.url}/new-chat/embed.js" data-key="${key}" data-id="x" data-selector="#slot" async></script>`,
    );
    await withPage(browser, server, 'embed-limits-first-visitor', async (page) => {
      await page.goto(`${other.url}/allowed.html`);
      const input = widget(page, 'x').locator('textarea');
      await input.fill('第一个问题');
      await input.press('Enter');
      await answers(page, 'x').first().and(page.locator('[data-status="done"]')).waitFor({ timeout: 20_000 });
      await input.fill('第二个问题');
      await input.press('Enter');
      await widget(page, 'x').locator('[role="alert"]', { hasText: '今天的提问次数已用完' }).waitFor();
      assert.equal(await input.inputValue(), '第二个问题');
      // The visitor finds the conversation again after a reload.
      await page.reload();
      await widget(page, 'x').locator('[data-role="user"]', { hasText: '第一个问题' }).waitFor();
    });
    await withPage(browser, server, 'embed-limits-second-visitor', async (page) => {
      await page.goto(`${other.url}/allowed.html`);
      await widget(page, 'x').locator('[data-testid="embed-welcome"]').waitFor();
      await widget(page, 'x').getByRole('button', { name: '历史对话' }).click();
      await widget(page, 'x').getByText('还没有历史对话').waitFor();
      await widget(page, 'x').getByRole('button', { name: '返回对话' }).click();
      const input = widget(page, 'x').locator('textarea');
      await input.fill('我是另一位访客');
      await input.press('Enter');
      await answers(page, 'x').first().and(page.locator('[data-status="done"]')).waitFor({ timeout: 20_000 });
    });
  });

  test('HTML and script in an answer render inert', () =>
    withPage(
      browser,
      server,
      'embed-xss',
      async (page) => {
        stub.setReply(
          () =>
            '<script>window.__zxXss="script"</script>\n\n<img src=x onerror="window.__zxXss=\'img\'">\n\n[点我](javascript:window.__zxXss=\'link\')\n\n<svg onload="window.__zxXss=\'svg\'"></svg>\n\n<iframe src="javascript:parent.__zxXss=\'iframe\'"></iframe>',
        );
        try {
          await page.goto('/demo/cms.html');
          await page.evaluate(() => (window as unknown as { Zhixue: { send(t: string, id: string): void } }).Zhixue.send('给我一些 HTML', 'safety'));
          const answer = answers(page, 'safety').first();
          await answer.and(page.locator('[data-status="done"]')).waitFor({ timeout: 20_000 });
          await answer
            .locator('a')
            .first()
            .click()
            .catch(() => undefined);
          await page.waitForTimeout(300);
          assert.equal(await page.evaluate(() => (window as unknown as { __zxXss?: string }).__zxXss), undefined);
          assert.equal(await answer.locator('.zx-md :is(script, iframe, svg, img[onerror])').count(), 0);
          assert.equal(await answer.locator('[href^="javascript:"]').count(), 0);
        } finally {
          stub.setReply((body) => `Echo: ${body.messages.at(-1).content}`);
        }
      },
      { expectBlocked: /inline event handler/u },
    ));
});

describe('iframe', () => {
  const parentPage = (src: string) => `<!doctype html><meta charset="utf-8"><body>
    <iframe id="f" src="${src}" style="width:600px;height:400px;border:0"></iframe>
    <script>
      window.__msgs = [];
      const frame = document.getElementById('f');
      addEventListener('message', (e) => { if (e.source === frame.contentWindow) window.__msgs.push(e.data); });
      window.ask = (text) => frame.contentWindow.postMessage({ type: 'zx:send', text }, '*');
    </script>`;

  test('a parent on an allowed site drives the chat, hears it, and gets its height', async () => {
    const key = await makeKey({});
    other.pages.set('/parent-ok.html', parentPage(`${server.url}/iframe?key=${key}&height=auto`));
    await withPage(browser, server, 'embed-iframe-allowed', async (page) => {
      await page.goto(`${other.url}/parent-ok.html`);
      await page.waitForFunction(() => (window as unknown as { __msgs: Array<{ type: string }> }).__msgs.some((m) => m.type === 'zx:ready'), null, {
        timeout: 20_000,
      });
      await page.evaluate(() => (window as unknown as { ask(t: string): void }).ask('父页面的问题'));
      await page.frameLocator('#f').locator('[data-role="assistant"][data-status="done"]').waitFor({ timeout: 20_000 });
      const msgs = await page.evaluate(
        () => (window as unknown as { __msgs: Array<{ source: string; type: string; detail: Record<string, unknown> }> }).__msgs,
      );
      assert.ok(msgs.every((m) => m.source === 'zhixue'));
      assert.ok(msgs.some((m) => m.type === 'zx:message' && m.detail.role === 'assistant' && String(m.detail.text).includes('Echo: 父页面的问题')));
      assert.ok(msgs.some((m) => m.type === 'zx:height' && Number(m.detail.height) > 300));
    });
  });

  test('a parent on a site the key does not allow can neither show nor drive the chat', () =>
    withPage(browser, server, 'embed-iframe-refused', async (page) => {
      other.pages.set('/parent-refused.html', parentPage(`${server.url}/iframe?key=${await demoKey('safety')}`));
      const framed = page.waitForResponse((r) => r.url().startsWith(`${server.url}/iframe`));
      await page.goto(`${other.url}/parent-refused.html`);
      assert.match((await framed).headers()['content-security-policy'] ?? '', /(^|; )frame-ancestors 'self'$/);
      const before = completionCalls();
      await page.waitForTimeout(1500);
      await page.evaluate(() => (window as unknown as { ask(t: string): void }).ask('不该被回答'));
      await page.waitForTimeout(1500);
      assert.deepEqual(await page.evaluate(() => (window as unknown as { __msgs: unknown[] }).__msgs), []);
      assert.equal(completionCalls(), before);
    }));
});

describe('made in Zhixue, used on the school site', () => {
  test('a teacher makes a key in AI apps; its script tag works on the school’s site', async () => {
    let snippet = '';
    await withPage(browser, server, 'embed-admin-make-key', async (page) => {
      await signIn(page, 'teacher');
      await page.goto('/course/apps');
      await page.getByTestId('tab-embed').click();
      const admin = page.locator('zx-embed-admin');
      await admin.getByTestId('embed-key-new').click();
      const form = admin.getByTestId('embed-key-editor');
      await form.locator('input[name="name"]').fill('兄弟学校官网');
      await form.locator('select[name="assistantId"]').selectOption('sys-safety-tutor');
      await form.locator('textarea[name="origins"]').fill(other.url);
      await form.getByTestId('embed-key-save').click();
      snippet = (await admin.getByTestId('embed-key-code').getByTestId('embed-code').innerText()).trim();
      assert.match(snippet, /^<script src="http:\/\/127\.0\.0\.1:\d+\/new-chat\/embed\.js"\s+data-key="zxk_[\w-]+" async><\/script>$/);
      await admin.locator('[data-testid="embed-key"]', { hasText: '兄弟学校官网' }).waitFor();
    });
    other.pages.set('/made.html', `<!doctype html><meta charset="utf-8"><body><h1>兄弟学校</h1>${snippet}`);
    await withPage(browser, server, 'embed-admin-key-used', async (page) => {
      await page.goto(`${other.url}/made.html`);
      await page.locator('zhixue-chat button.l').click();
      const panel = page.locator('zhixue-chat');
      await panel.locator('h2', { hasText: '安全生产导师' }).waitFor();
      await panel.locator('textarea').fill('你好');
      await panel.locator('textarea').press('Enter');
      await panel.locator('[data-role="assistant"][data-status="done"]').waitFor({ timeout: 20_000 });
      assert.match((await panel.locator('[data-role="assistant"]').textContent()) ?? '', /Echo: 你好/);
    });
  });

  test('a portal set up by a manager shows signed out, with its chat launcher', async () => {
    const login = await fetch(`${server.url}/new-chat/app/api/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'manager', password: DEMO_PASSWORD }),
    });
    const manager = ((await login.json()) as { data: { token: string } }).data.token;
    const call = async (method: string, path: string, body: unknown) => {
      const res = await fetch(`${server.url}/new-chat${path}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${manager}` },
        body: JSON.stringify(body),
      });
      const reply = (await res.json()) as { code: number; msg: string; data: any };
      assert.equal(reply.code, 200, reply.msg);
      return reply.data;
    };
    const key = await call('POST', '/app/user/embed/key', { name: '门户', assistantId: 'sys-career-adviser', origins: [], hostedPages: true });
    await call('PUT', '/app/user/portal/mainPortal', {
      title: '智能制造学院',
      assistantIds: ['sys-safety-tutor'],
      links: [{ title: '教务系统', url: 'https://jw.example.test/' }],
      embedKeyId: key.key,
    });
    await withPage(browser, server, 'embed-portal', async (page) => {
      await page.goto('/mainPortal');
      const portal = page.locator('zx-portal');
      await portal.locator('h1', { hasText: '智能制造学院' }).waitFor();
      await portal.getByRole('link', { name: '教务系统' }).waitFor();
      assert.equal(await portal.locator('.card h3').first().innerText(), '安全生产导师');
      await page.locator('zhixue-chat button.l').click();
      const chat = page.locator('zhixue-chat');
      await chat.locator('h2', { hasText: '职业生涯规划顾问' }).waitFor();
      await chat.locator('textarea').fill('我适合什么岗位？');
      await chat.locator('textarea').press('Enter');
      await chat.locator('[data-role="assistant"][data-status="done"]').waitFor({ timeout: 20_000 });
      // Leaving the portal (single-page navigation) takes the launcher away.
      await page.evaluate(() => history.pushState(null, '', '/login'));
      await page.evaluate(() => dispatchEvent(new PopStateEvent('popstate')));
      await page.locator('zhixue-chat').waitFor({ state: 'detached' });
    });
  });
});
