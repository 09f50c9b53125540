// The server answers in the client's language. The app sends its UI
// locale as Accept-Language; messages (wrong password, expired sign-in,
// validation, not found) and the names the server hands out as data (the
// built-in model, app categories, the default site title) come back in it.
// Without the header the server speaks zh-CN as before.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { waitText } from '../../../server/http/errors.js';
import { CATALOGUE } from '../../../server/i18n/catalogue/index.js';
import { pickLocale, SERVER_LOCALES } from '../../../server/i18n/locales.js';
import { translateMessage } from '../../../server/i18n/translate.js';
import { startTestServer, type TestServer } from '../../support/server.js';
import { postSse } from '../../support/sse-client.js';

let server: TestServer;
before(async () => {
  server = await startTestServer({ env: { ZX_BUILTIN_DELAY_MS: '0' } });
});
after(() => server.close());

let attempts = 0;
/** An unknown user each time (same message as a wrong password), so the sign-in throttle never locks. */
const wrongPassword = (language?: string) =>
  server.api('POST', '/app/api/oauth/token', {
    body: { username: `nobody-${++attempts}`, password: 'not-the-password' },
    headers: language ? { 'accept-language': language } : {},
  });

describe('messages in the language the client asks for', () => {
  test('a wrong password reads in en-US, ru-RU, ko-KR, zh-TW, and in zh-CN without a header', async () => {
    const expected: Array<[string | undefined, string]> = [
      [undefined, '用户名或密码错误'],
      ['zh-CN', '用户名或密码错误'],
      ['en-US', 'Wrong username or password'],
      ['ru-RU', 'Неверное имя пользователя или пароль'],
      ['ko-KR', '아이디 또는 비밀번호가 올바르지 않습니다'],
      ['zh-TW', '使用者名稱或密碼錯誤'],
    ];
    for (const [language, msg] of expected) {
      const res = await wrongPassword(language);
      assert.equal(res.status, 400);
      assert.deepEqual(res.body, { code: 400, msg, data: null }, `Accept-Language: ${language}`);
    }
    assert.match((await wrongPassword('en-US')).headers.get('vary') ?? '', /Accept-Language/i);
  });

  test('an expired sign-in and a missing token', async () => {
    const expired = await server.api('GET', '/app/user', {
      token: 'zx_not-a-real-token-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
      headers: { 'accept-language': 'en-US' },
    });
    assert.equal(expired.status, 401);
    assert.equal(expired.body.msg, 'Your sign-in has expired. Please sign in again');
    const missing = await server.api('GET', '/app/user', { headers: { 'accept-language': 'ru-RU' } });
    assert.equal(missing.status, 401);
    assert.equal(missing.body.msg, 'Сначала войдите в систему');
  });

  test('validation messages name the field in the language asked for', async () => {
    const en = await server.api('POST', '/app/api/oauth/token', { body: { username: 'teacher' }, headers: { 'accept-language': 'en-US' } });
    assert.equal(en.status, 400);
    assert.equal(en.body.msg, 'Password (password) is missing');
    const ru = await server.api('POST', '/app/api/oauth/token', { body: { username: 'teacher' }, headers: { 'accept-language': 'ru-RU' } });
    assert.equal(ru.body.msg, 'Не указано: Пароль (password)');
    const zh = await server.api('POST', '/app/api/oauth/token', { body: { username: 'teacher' } });
    assert.equal(zh.body.msg, '缺少密码（password）');
  });

  test('an unknown address and a missing object say so in the language asked for', async () => {
    const route = await server.api('GET', '/no/such/route', { headers: { 'accept-language': 'en-US' } });
    assert.equal(route.status, 404);
    assert.equal(route.body.msg, 'This address does not exist. Please check it');
    const token = await server.login('teacher');
    const chat = await server.api('POST', '/v1/chat/message', { token, body: { chatNumber: 'no-such-chat' }, headers: { 'accept-language': 'ru-RU' } });
    assert.equal(chat.status, 404);
    assert.equal(chat.body.msg, 'Этот диалог не существует или удалён');
  });

  test('a message with values keeps them (a wait time inside a sentence)', () => {
    assert.equal(translateMessage('密码错误次数过多，请 5 分钟后再试', 'en-US'), 'Too many wrong passwords. Try again in 5 min');
    assert.equal(translateMessage('密码错误次数过多，请 30 秒后再试', 'ko-KR'), '비밀번호를 너무 많이 틀렸습니다. 30초 후에 다시 시도해 주세요');
    assert.equal(translateMessage('一个还没有翻译的句子', 'en-US'), '一个还没有翻译的句子');
  });

  test("people's words inside a message are never translated: a quoted name, a model service's reply", () => {
    // 课程 and 用户 are catalogue words of their own ("Course", "User"): as a class's name or a reply they stay.
    assert.equal(translateMessage('班级“课程”已存在', 'en-US'), translateMessage('班级“{0}”已存在', 'en-US').replace('{0}', '课程'));
    assert.match(translateMessage('班级“课程”已存在', 'en-US'), /“课程”|"课程"/u);
    assert.equal(translateMessage('模型服务拒绝了这个请求：用户', 'en-US'), 'The model service refused this request: 用户');
    // Unquoted names a person chose, and a model service's words, stay too: a model's or dictionary's id, a form field, a video service's reason, a generated question's type.
    const typed: Array<[string, string]> = [
      ['模型 课程 未配置，请重新选择', 'Model 课程 is not set up'],
      ['模型 课程 没有版本 用户，请重新选择', 'Model 课程 has no version 用户'],
      ['模型 课程 未配置，请在模型列表中重新选择', 'Model 课程 is not set up'],
      ['当前身份不能使用模型 课程，请重新选择', 'the model 课程'],
      ['字典 课程 不存在', 'Dictionary 课程 does not exist'],
      ['未知的菜单：课程', 'Unknown menu: 课程'],
      ['文件应放在字段 file 中，而不是 课程', 'not 课程'],
      ['分片应放在字段 file 中，而不是 课程', 'not 课程'],
      ['视频生成失败：用户', 'Video generation failed: 用户'],
      ['生成了未要求的题型（课程），已跳过', '(课程)'],
    ];
    for (const [message, kept] of typed) assert.ok(translateMessage(message, 'en-US').includes(kept), `${message} → ${translateMessage(message, 'en-US')}`);
    // A value that is the server's own words is still translated (a field's title).
    assert.match(translateMessage('新密码（newPassword）至少需要 8 个字符', 'en-US'), /^New password \(newPassword\)/u);
  });

  test('every 429 wait (seconds, minutes, hours, rounded up) reads in each language inside the sentences that use it', () => {
    assert.deepEqual([59, 60, 61, 3599, 3600, 3601].map(waitText), ['59 秒', '1 分钟', '2 分钟', '60 分钟', '1 小时', '2 小时']);
    const sentences = [
      '密码错误次数过多，请 {0}后再试',
      '验证码发送过于频繁，请 {0}后再试',
      '输错额度码的次数过多，请 {0}后再试',
      '加入码输错次数过多，请 {0}后再试',
    ];
    for (const sentence of sentences) {
      for (const seconds of [42, 90, 7200]) {
        const message = sentence.replace('{0}', waitText(seconds));
        for (const locale of ['en-US', 'ko-KR', 'ru-RU'] as const) {
          const read = translateMessage(message, locale);
          assert.doesNotMatch(read, /[\u4e00-\u9fff]/, `${message} in ${locale}: ${read}`);
          assert.match(read, /\d/, `${message} in ${locale} keeps the number: ${read}`);
        }
      }
    }
    assert.equal(translateMessage(`验证码发送过于频繁，请 ${waitText(7200)}后再试`, 'en-US'), 'Codes were requested too often. Try again in 2 h');
  });

  test('Accept-Language is read with its q-values; unsupported languages fall back to en-US', () => {
    assert.equal(pickLocale(undefined), 'zh-CN');
    assert.equal(pickLocale(''), 'zh-CN');
    assert.equal(pickLocale('ru-RU,ru;q=0.9,en-US;q=0.8'), 'ru-RU');
    assert.equal(pickLocale('fr-FR,en;q=0.5,ko;q=0.7'), 'ko-KR');
    assert.equal(pickLocale('zh-Hant-HK'), 'zh-TW');
    assert.equal(pickLocale('zh'), 'zh-CN');
    assert.equal(pickLocale('de-DE'), 'en-US');
  });
});

test('every catalogue entry has the four other languages, each with the same values', () => {
  const slots = (text: string) =>
    [...text.matchAll(/\{(\d)\}/g)]
      .map((m) => m[1])
      .sort()
      .join(',');
  for (const [source, entry] of Object.entries(CATALOGUE)) {
    for (const locale of SERVER_LOCALES.filter((l) => l !== 'zh-CN')) {
      const text = entry[locale as Exclude<typeof locale, 'zh-CN'>];
      assert.ok(text && text.trim(), `${source}: no ${locale}`);
      assert.equal(slots(text), slots(source), `${source}: ${locale} loses or adds a value`);
    }
  }
});

describe('names handed out as data', () => {
  test('the built-in model, the app categories and the default site title follow the locale', async () => {
    const token = await server.login('student');
    const en = { 'accept-language': 'en-US' };
    const models = await server.api<{ models: Array<{ name: string; label: string }> }>('GET', '/v1/chat/models', { token, headers: en });
    assert.equal(models.body.data.models.find((m) => m.name === 'builtin')?.label, 'Built-in offline engine');
    const zhModels = await server.api<{ models: Array<{ name: string; label: string }> }>('GET', '/v1/chat/models', { token });
    assert.equal(zhModels.body.data.models.find((m) => m.name === 'builtin')?.label, '内置离线引擎');

    const types = await server.api<Array<{ name: string }>>('GET', '/app/api/assistant/type?typeMode=sys', { headers: { 'accept-language': 'ru-RU' } });
    const names = types.body.data.map((t) => t.name);
    assert.ok(names.includes('Карьера'), names.join(', '));
    assert.ok(!names.some((name) => /[\u4e00-\u9fff]/u.test(name)), `no Chinese category left: ${names.join(', ')}`);

    const home = await server.api<{ baseInfo: { siteTitle: string } }>('GET', '/app/api/home/config', { headers: { 'accept-language': 'ko-KR' } });
    assert.equal(home.body.data.baseInfo.siteTitle, '즈쉐 · 직업학교를 위한 AI 플랫폼');

    // A shared answer names its model in the reader's language.
    const chat = await server.api<{ chatNumber: string }>('POST', '/v1/chat', { token, body: {} });
    const read = await postSse(`${server.baseUrl}/new-chat/v1/chat/completions`, token, { conversationId: chat.body.data.chatNumber, prompt: '对刀' });
    const answerId = read.events.find((e) => e.type === 'start')?.answers[0].messageId as string;
    const shared = await server.api<{ shareId: string }>('POST', '/v1/chat/share', { token, body: { messageId: answerId } });
    const view = await server.api<{ message: { modelLabel: string } }>('GET', `/app/api/chat/share/${shared.body.data.shareId}`, { headers: en });
    assert.equal(view.body.data.message.modelLabel, 'Built-in offline engine');
    assert.equal(shared.body.msg, '分享链接已生成', 'no header: zh-CN');
    const sharedEn = await server.api('POST', '/v1/chat/share', { token, body: { messageId: answerId }, headers: en });
    assert.equal(sharedEn.body.msg, 'Share link created');
  });
});
