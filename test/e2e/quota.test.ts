// AI credits in Chromium: a manager sets a student's allowance to a
// few credits (and a model's price), the student chats with the stub LLM until
// refused with the 600 message, redeems a code from a batch the manager made
// and chats again; a teacher buys a package through the stub WeChat Pay
// channel (QR code shown, the notification replayed twice, credited once);
// a phone is bound and signs in with the `log` SMS provider, and the 60 s
// limit holds.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { startStubLlm, type StubLlm } from '../support/stub-llm.js';
import { startStubWechatPay, type StubWechatPay } from '../support/stub-wechat-pay.js';
import { layoutRoot, signIn, useServerAndBrowser, withPage } from './support.js';

const PHONE = '13800138000';
const SEND_GAP_MS = 61_000;

let llm: StubLlm;
let pay: StubWechatPay;
/** Filled once the stubs listen; the suite's server starts after this before(). */
const env: Record<string, string> = {};
before(async () => {
  llm = await startStubLlm();
  pay = await startStubWechatPay();
  Object.assign(env, {
    ZX_LLM_BASE_URL: llm.baseUrl,
    ZX_LLM_API_KEY: 'sk-e2e',
    // Bills 15,000 + 15,000 tokens per answer (test/support/stub-llm.ts): far more than any allowance here.
    ZX_LLM_MODELS: 'stub-a-costly',
    // The log SMS provider writes the code at info level.
    ZX_LOG_LEVEL: 'info',
    ...pay.env('http://school.example'),
  });
});
after(async () => {
  await llm?.close();
  await pay?.close();
});

describe('AI credits, codes, orders and SMS', () => {
  const { server, browser } = useServerAndBrowser(env);

  /**
   * The newest SMS code the log provider wrote for that scene. The page says
   * "sent" as soon as the server answers; its log line comes through a pipe a
   * moment later (on a busy machine, after the test had looked), so it waits up to 5 s.
   */
  async function smsCode(scene: 'login' | 'bind' | 'reset'): Promise<string> {
    const pattern = new RegExp(`\\(${scene}\\): 验证码 (\\d{6})`, 'gu');
    const deadline = Date.now() + 5_000;
    for (;;) {
      const found = [...server().output().matchAll(pattern)].at(-1);
      if (found) return found[1]!;
      assert.ok(Date.now() < deadline, `no ${scene} code in the server log`);
      await sleep(50);
    }
  }

  let firstSendAt = 0;
  let codes: string[] = [];

  const quota = (page: Page, selector: string) => page.locator(`zx-quota-admin ${selector}`);
  const composer = (page: Page) => page.locator('zx-dialogue [data-testid="composer-input"]');
  const answers = (page: Page) => page.locator('zx-dialogue [data-testid="answer"]');

  test('a teacher binds a phone in the profile with a code from the log provider', () =>
    withPage(browser(), server(), 'quota-bind-phone', async (page) => {
      await signIn(page, 'teacher');
      await page.locator('[data-testid="avatar"]').click();
      const dialog = page.locator('[data-testid="profile-dialog"]');
      await dialog.locator('[data-testid="phone-bind-form"]').waitFor();
      await dialog.locator('[data-testid="phone-input"]').fill(PHONE);
      await dialog.locator('[data-testid="send-code"]').click();
      firstSendAt = Date.now();
      await dialog.locator('[data-testid="code-sent"]').waitFor();
      assert.match((await dialog.locator('[data-testid="send-code"]').textContent()) ?? '', /秒后重发/u);
      assert.ok(await dialog.locator('[data-testid="send-code"]').isDisabled());
      await dialog.locator('[data-testid="sms-code-input"]').fill(await smsCode('bind'));
      await dialog.locator('[data-testid="phone-bind"]').click();
      await dialog.locator('[data-testid="phone-bound"]').filter({ hasText: '138****8000' }).waitFor();
      assert.ok(!server().output().includes(PHONE), 'the full phone number never reaches the log');
    }));

  test('a manager prices a model, limits a student, makes codes and a package', () =>
    withPage(browser(), server(), 'quota-manager', async (page) => {
      await signIn(page, 'manager');
      await page.locator('a[data-menu-id="15"]').click();
      await page.waitForURL(/\/course\/quota$/u);
      await quota(page, '[data-testid="quota-allowances"]').waitFor();

      // The model bills 30,000 tokens an answer (300 credits at this price): the first answer takes
      // the student's 1 credit to 0, never below, and the next question is refused.
      await quota(page, '[data-testid="quota-tab-prices"]').click();
      await quota(page, '[data-testid="price-row"][data-model="stub-a-costly"] [data-testid="price-edit"]').click();
      await quota(page, '[data-testid="price-inputPer1k"]').fill('10');
      await quota(page, '[data-testid="price-outputPer1k"]').fill('10');
      await quota(page, '[data-testid="price-save"]').click();
      await quota(page, '[data-testid="price-row"][data-model="stub-a-costly"][data-own="true"]').waitFor();

      await quota(page, '[data-testid="quota-tab-allowances"]').click();
      await quota(page, '[data-testid="allowance-scope"]').selectOption('user');
      await quota(page, '[data-testid="allowance-target"]').fill('student');
      await quota(page, '[data-testid="allowance-credits"]').fill('1');
      await quota(page, '[data-testid="allowance-save"]').click();
      await quota(page, '[data-testid="allowance-row"][data-target="student"]').waitFor();

      await quota(page, '[data-testid="quota-tab-codes"]').click();
      await quota(page, '[data-testid="batch-count"]').fill('2');
      await quota(page, '[data-testid="batch-credits"]').fill('500');
      await quota(page, '[data-testid="batch-note"]').fill('e2e 班级');
      await quota(page, '[data-testid="batch-create"]').click();
      codes = ((await quota(page, '[data-testid="batch-codes"]').textContent()) ?? '').split('\n').filter(Boolean);
      assert.equal(codes.length, 2);
      for (const code of codes) assert.match(code, /^ZX(-[0-9A-Z]{5}){4}$/u);
      await quota(page, '[data-testid="batch-row"][data-note="e2e 班级"]').waitFor();

      await quota(page, '[data-testid="quota-tab-packages"]').click();
      await quota(page, '[data-testid="package-new"]').click();
      await quota(page, '[data-testid="package-name"]').fill('教师加油包');
      await quota(page, '[data-testid="package-credits"]').fill('100');
      await quota(page, '[data-testid="package-price"]').fill('9.9');
      await quota(page, '[data-testid="package-save"]').click();
      await quota(page, '[data-testid="package-row"][data-name="教师加油包"]').waitFor();
    }));

  test('the student chats until refused with 600, redeems a code in the chat and chats again', () =>
    withPage(browser(), server(), 'quota-student', async (page) => {
      await signIn(page, 'student');
      await page.locator('a[data-menu-id="13"]').click();
      await composer(page).waitFor();
      await page.locator('zx-dialogue [data-testid="model-picker"]').click();
      await page.locator('zx-dialogue [data-model="stub-a-costly"] [data-testid="model-option"]').click();

      const ask = async (question: string) => {
        await composer(page).fill(question);
        await composer(page).press('Enter');
      };
      const callsBefore = llm.requests.length;
      await ask('什么是数控车床？');
      await answers(page).first().and(page.locator('[data-status="done"]')).waitFor({ timeout: 20_000 });
      const callsAfterFirst = llm.requests.length;
      assert.ok(callsAfterFirst > callsBefore);

      await ask('再讲讲对刀');
      const refusal = page.locator('zx-dialogue [data-testid="quota-refusal"]');
      await refusal.waitFor();
      assert.match((await refusal.textContent()) ?? '', /AI 额度已用完/u);
      assert.match((await refusal.textContent()) ?? '', /兑换额度码/u);
      // The first answer's follow-up suggestions may reach the stub after its "done"
      // (a busy machine): what must never reach it is the refused question.
      assert.ok(
        !llm.requests.some((r) => r.path.endsWith('/chat/completions') && JSON.stringify(r.body.messages ?? []).includes('再讲讲对刀')),
        'the refused question never reaches the provider',
      );

      // A wrong code is refused where it was typed; the right one clears the way.
      await refusal.locator('[data-testid="redeem-code"]').fill('ZX-AAAAA-BBBBB-CCCCC-DDDDD');
      await refusal.locator('[data-testid="redeem-submit"]').click();
      await refusal
        .locator('[role="alert"]')
        .filter({ hasText: /额度码/u })
        .waitFor();
      await refusal.locator('[data-testid="redeem-code"]').fill(codes[0]!.toLowerCase());
      await refusal.locator('[data-testid="redeem-submit"]').click();
      await refusal.waitFor({ state: 'detached' });

      await ask('再讲讲对刀');
      await answers(page).nth(1).and(page.locator('[data-status="done"]')).waitFor({ timeout: 20_000 });
      assert.match((await answers(page).nth(1).textContent()) ?? '', /再讲讲对刀/u);

      // The profile page shows what happened.
      await page.goto('/profile');
      const wallet = page.locator('zx-quota-wallet');
      await wallet.locator('[data-testid="quota-history"] li[data-kind="redeem"]').waitFor();
      assert.equal(await wallet.locator('[data-testid="quota-history"] li[data-kind="chat"]').count(), 2);
    }));

  test('the manager sees who used which code', () =>
    withPage(browser(), server(), 'quota-codes-used', async (page) => {
      await signIn(page, 'manager');
      await page.goto('/course/quota');
      await quota(page, '[data-testid="quota-tab-codes"]').click();
      const row = quota(page, '[data-testid="batch-row"][data-note="e2e 班级"]');
      assert.match((await row.locator('[data-testid="batch-used"]').textContent()) ?? '', /1 \/ 2/u);
      await row.locator('[data-testid="batch-view"]').click();
      await quota(page, '[data-testid="batch-code"][data-used="true"]')
        .filter({ hasText: /张同学|student/u })
        .waitFor();
      assert.equal(await quota(page, '[data-testid="batch-code"][data-used="true"]').count(), 1);
    }));

  test('a teacher buys a package with WeChat Pay: QR code, a notification replayed twice credits once', () =>
    withPage(browser(), server(), 'quota-wechat-buy', async (page) => {
      await signIn(page, 'teacher');
      await page.locator('[data-testid="avatar"]').click();
      const wallet = page.locator('[data-testid="profile-dialog"] zx-quota-wallet');
      await wallet.locator('[data-testid="open-buy"]').click();
      await wallet.locator('[data-testid="package-choice"]').filter({ hasText: '教师加油包' }).click();
      await wallet.locator('[data-testid="channel-wechat"]').click();
      await wallet.locator('[data-testid="pay-now"]').click();
      const qr = wallet.locator('[data-testid="pay-qr"]');
      await qr.waitFor();
      assert.match((await qr.getAttribute('data-code-url')) ?? '', /^weixin:\/\/wxpay\/bizpayurl\?pr=stub/u);
      assert.equal(await qr.locator('svg').count(), 1);
      const tradeNo = ((await wallet.locator('[data-testid="pay-trade-no"]').textContent()) ?? '').trim();
      assert.match(tradeNo, /^ZX\d{20}$/u);

      const notifyUrl = `${server().url}/new-chat/app/api/order/notify/wechat`;
      const note = pay.notification(tradeNo, 990);
      assert.deepEqual(await Promise.all([pay.notify(note, notifyUrl), pay.notify(note, notifyUrl)]), [204, 204]);
      assert.equal(await pay.notify(note, notifyUrl), 204, 'replayed once more');
      await wallet.locator('[data-testid="pay-done"]').waitFor({ timeout: 15_000 });
      await wallet.locator('[data-testid="pay-close"]').click();
      await wallet.locator('[data-testid="quota-extra"]').filter({ hasText: /^100$/u }).waitFor();
      assert.equal(await wallet.locator('[data-testid="quota-history"] li[data-kind="order"]').count(), 1, 'credited once');
      await wallet.locator('[data-testid="own-orders"] li[data-status="paid"]').waitFor();
    }));

  test('the bound phone signs in with an SMS code; a second code within 60 s is refused', async () => {
    // One code per phone and per address in 60 s: the bind above sent the last one.
    const wait = firstSendAt + SEND_GAP_MS - Date.now();
    if (wait > 0) await sleep(wait);
    await withPage(browser(), server(), 'quota-phone-login', async (page) => {
      await page.goto('/login');
      await page.locator('[data-testid="login-tab-phone"]').click();
      await page.locator('[data-testid="phone-input"]').fill(PHONE);
      await page.locator('[data-testid="send-code"]').click();
      await page.locator('[data-testid="code-sent"]').waitFor();
      assert.ok(await page.locator('[data-testid="send-code"]').isDisabled(), 'counting down');
      assert.match((await page.locator('[data-testid="send-code"]').textContent()) ?? '', /\d+ 秒后重发/u);
      await page.locator('[data-testid="sms-code-input"]').fill(await smsCode('login'));
      await page.locator('[data-testid="phone-submit"]').click();
      await layoutRoot(page).waitFor({ state: 'visible' });
    });
    await withPage(browser(), server(), 'quota-phone-limit', async (page) => {
      await page.goto('/login');
      await page.locator('[data-testid="login-tab-phone"]').click();
      await page.locator('[data-testid="phone-input"]').fill(PHONE);
      await page.locator('[data-testid="send-code"]').click();
      await page
        .locator('[data-testid="login-error"]')
        // The server words the wait as it is: "请 1 分钟后再试" at a full minute, "请 42 秒后再试" below.
        .filter({ hasText: /验证码发送过于频繁，请 \d+ (秒|分钟)后再试/u })
        .waitFor();
    });
  });
});
