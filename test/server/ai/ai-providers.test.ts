import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createBuiltinProvider } from '../../../server/ai/builtin-engine.js';
import { createModelCatalogue } from '../../../server/ai/catalogue.js';
import { createOpenAiCompatibleProvider } from '../../../server/ai/openai-compatible.js';
import { AiConfigError, loadAiConfig, parseModelList } from '../../../server/ai/provider-config.js';
import { ProviderError, type CompletionEvent, type ModelProvider } from '../../../server/ai/types.js';
import { parseFetchAllowlist, setFetchAllowlist } from '../../../server/net/fetch-allowlist.js';
import { startStubLlm, type StubLlm } from '../../support/stub-llm.js';

async function collect(provider: ModelProvider, model: string, signal = new AbortController().signal) {
  const deltas: string[] = [];
  const events: CompletionEvent[] = [];
  try {
    for await (const event of provider.stream({ model, messages: [{ role: 'user', content: '数控编程 basics' }], temperature: 0.8, topP: 1, signal })) {
      events.push(event);
      if (event.type === 'delta') deltas.push(event.text);
    }
    return { text: deltas.join(''), events, error: undefined };
  } catch (error) {
    return { text: deltas.join(''), events, error: error as ProviderError };
  }
}

describe('model configuration', () => {
  it('parses models with versions and guesses vision', () => {
    const models = parseModelList('deepseek-chat, qwen:qwen-turbo|qwen-vl-max ,gpt-4o');
    assert.deepEqual(
      models.map((m) => [m.name, m.versions, m.vision]),
      [
        ['deepseek-chat', [], false],
        ['qwen', ['qwen-turbo', 'qwen-vl-max'], true],
        ['gpt-4o', [], true],
      ],
    );
  });

  it('refuses half or broken configuration with a readable message', () => {
    assert.throws(() => loadAiConfig({ ZX_LLM_MODELS: 'x' }), /ZX_LLM_BASE_URL is not/);
    assert.throws(() => loadAiConfig({ ZX_LLM_BASE_URL: 'http://a/v1' }), /ZX_LLM_MODELS is not/);
    assert.throws(() => loadAiConfig({ ZX_LLM_BASE_URL: 'ftp://a', ZX_LLM_MODELS: 'm' }), /http:\/\/ or https:\/\//);
    assert.throws(() => parseModelList('a,a'), /twice/);
    assert.throws(() => parseModelList('bad name'), AiConfigError);
    assert.throws(() => loadAiConfig({ ZX_CONFIG: '/nonexistent/zx.json' }), /file not found/);
    assert.throws(() => loadAiConfig({ ZX_BUILTIN: 'off' }), /leaves no model/);
  });

  it('offers the built-in engine only when nothing is configured', () => {
    const offline = createModelCatalogue(loadAiConfig({}));
    assert.deepEqual(
      offline.publicModels().map((m) => m.name),
      ['builtin'],
    );
    const online = createModelCatalogue(
      loadAiConfig({ ZX_LLM_BASE_URL: 'http://127.0.0.1:9/v1', ZX_LLM_API_KEY: 'sk-secret', ZX_LLM_MODELS: 'qwen:qwen-turbo|qwen-max' }),
    );
    assert.deepEqual(online.publicModels(), [{ name: 'qwen', label: 'qwen', versions: ['qwen-turbo', 'qwen-max'], vision: false, builtin: false }]);
    assert.ok(!JSON.stringify(online.publicModels()).includes('sk-secret'));
    assert.equal(online.resolve('qwen', 'qwen-max')?.version, 'qwen-max');
    assert.equal(online.resolve('qwen', 'gpt-9'), undefined, 'a version that is not configured is refused');
    assert.equal(online.resolve('other'), undefined);
  });
});

describe('openai-compatible provider over real HTTP', () => {
  let stub: StubLlm;
  before(async () => {
    stub = await startStubLlm({ tokenDelayMs: 1, slowFirstTokenMs: 1_500 });
    // The stub listens on loopback, which the guarded client refuses unless allowlisted (as the test servers do).
    setFetchAllowlist(parseFetchAllowlist('127.0.0.1'));
  });
  after(() => stub.close());
  const provider = () => createOpenAiCompatibleProvider({ id: 't', baseUrl: stub.baseUrl, apiKey: 'sk-test-secret', timeoutMs: 600, models: [] });

  it('streams the whole answer and reports usage, sending the key only upstream', async () => {
    const { text, events, error } = await collect(provider(), 'stub-model');
    assert.equal(error, undefined);
    assert.equal(text, 'Echo: 数控编程 basics');
    assert.ok(events.some((e) => e.type === 'usage'));
    assert.equal(stub.requests.at(-1)?.headers.authorization, 'Bearer sk-test-secret');
  });

  it('keeps the partial answer and raises a readable error when the upstream drops mid-answer', async () => {
    const { text, error } = await collect(provider(), 'stub-fail-mid');
    assert.ok(text.startsWith('Echo:'), `partial text kept: ${text}`);
    assert.ok(error instanceof ProviderError);
    assert.equal(error.reason, 'upstream');
  });

  it('explains a refused key without echoing it', async () => {
    const { error } = await collect(provider(), 'stub-error-401');
    assert.ok(error instanceof ProviderError);
    assert.equal(error.reason, 'auth');
    assert.ok(!error.userMessage.includes('sk-test-secret'));
  });

  it('gives up on a stalled upstream after the timeout', async () => {
    const { error } = await collect(provider(), 'stub-slow');
    assert.ok(error instanceof ProviderError);
    assert.equal(error.reason, 'timeout');
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    controller.abort();
    const { error, text } = await collect(provider(), 'stub-model', controller.signal);
    assert.equal(text, '');
    assert.equal(error?.reason, 'aborted');
  });
});

describe('built-in offline engine', () => {
  it('says plainly it is not a model, in the language of the question', async () => {
    const { text } = await collect(createBuiltinProvider({ delayMs: 0 }), 'builtin');
    assert.match(text, /不是大语言模型/);
    // Configuration names are for managers only (setupHint).
    assert.match(text, /学校还没有接入大语言模型/);
    assert.doesNotMatch(text, /ZX_LLM_BASE_URL/);
  });

  it('quotes the retrieved passages it was given', async () => {
    const provider = createBuiltinProvider({ delayMs: 0 });
    let text = '';
    for await (const e of provider.stream({
      model: 'builtin',
      messages: [{ role: 'user', content: 'What is G-code?' }],
      temperature: 0.8,
      topP: 1,
      signal: new AbortController().signal,
      references: [{ documentId: 'd1', documentName: 'CNC handbook.pdf', chunkId: 'c1', passage: 'G-code is the language of CNC machines.', score: 3.2 }],
    }))
      if (e.type === 'delta') text += e.text;
    assert.match(text, /not a language model/);
    assert.match(text, /\[1\] CNC handbook\.pdf/);
    assert.match(text, /> G-code is the language of CNC machines\./);
  });

  it('stops streaming on abort', async () => {
    const controller = new AbortController();
    const provider = createBuiltinProvider({ delayMs: 5 });
    let count = 0;
    for await (const e of provider.stream({
      model: 'builtin',
      messages: [{ role: 'user', content: '你好' }],
      temperature: 0.8,
      topP: 1,
      signal: controller.signal,
    })) {
      if (e.type === 'delta' && ++count === 3) controller.abort();
    }
    assert.equal(count, 3);
  });
});
