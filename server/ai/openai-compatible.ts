/**
 * Any server that speaks OpenAI's chat-completions protocol: OpenAI, DeepSeek,
 * Qwen (DashScope compatible mode), GLM, Moonshot, Doubao, vLLM, Ollama,
 * llama.cpp. Failures become ProviderError with a message a teacher can act on;
 * the key and the upstream body never reach that message.
 */
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai/error';
import { openChatStream } from './chat-stream-http.js';
import type { OpenAiCompatibleSpec } from './provider-config.js';
import { abortableSleep, DEFAULT_RETRY_BUDGET_MS, isRetryable, requestedWaitMs, retryDelayMs } from './provider-retry.js';
import { readDelta, type DeltaIn } from './stream-delta.js';
import { ProviderError, type CompletionEvent, type CompletionRequest, type ModelProvider } from './types.js';

export function toProviderError(error: unknown, signal: AbortSignal): ProviderError {
  if (error instanceof ProviderError) return error;
  if (signal.aborted || error instanceof APIUserAbortError) {
    return new ProviderError('已停止生成', 'aborted', { cause: error });
  }
  if (error instanceof APIConnectionTimeoutError) {
    return new ProviderError('模型服务响应超时，请稍后重试', 'timeout', { cause: error });
  }
  if (error instanceof APIConnectionError) {
    return new ProviderError('无法连接模型服务，请稍后重试或联系管理员', 'unreachable', { cause: error });
  }
  if (error instanceof APIError) {
    const status = error.status ?? 0;
    if (status === 401 || status === 403) return new ProviderError('模型服务拒绝了访问密钥，请联系管理员检查配置', 'auth', { cause: error });
    if (status === 429) {
      const wait = requestedWaitMs(error);
      const message =
        wait && wait >= 1_000 ? `模型服务繁忙（请求过多），服务要求等待 ${Math.ceil(wait / 1000)} 秒，请稍后重试` : '模型服务繁忙（请求过多），请稍后重试';
      return new ProviderError(message, 'rate-limit', { cause: error });
    }
    if (status === 400 || status === 404 || status === 422) {
      return new ProviderError('模型服务无法处理这个请求（模型名称或内容不被接受）', 'bad-request', { cause: error });
    }
    return new ProviderError('模型服务出错了，请稍后重试', 'upstream', { cause: error });
  }
  return new ProviderError('回答中断了：与模型服务的连接意外断开', 'upstream', { cause: error });
}

/** Raised inside the stream when the idle limit passes (mapped to a timeout message). */
class IdleTimeout extends Error {}

/** The server answered 200 but not as a stream (or the stream stopped without finishing): never a finished answer. */
const NOT_A_STREAM = '模型服务没有按流式方式回答（可能是服务地址或代理配置有误），回答未完成';
const CUT_OFF = '回答中断了：模型服务没有说完就结束了连接';

/**
 * The reason given when the reader leaves the stream early (or after it
 * ended, when cancel does nothing): one shared error, since an SDK error
 * built per answer was 0.8 % of a question's CPU, for a reason
 * nobody reads (a stop is told apart by the signal, not by this).
 */
const CONSUMER_LEFT = new APIUserAbortError();

/** The parts of a streamed chunk read here. */
interface StreamChunk {
  choices?: Array<{ delta?: DeltaIn | null; finish_reason?: string | null }>;
  usage?: { prompt_tokens: number; completion_tokens: number } | null;
  error?: object;
}

/**
 * The chunks in one event's data: its JSON, which may span several `data:`
 * lines; a server that ends its events with a single line end puts several
 * chunks into one event, one per line, read apart.
 */
function chunksOf(data: string): StreamChunk[] {
  try {
    return [JSON.parse(data) as StreamChunk];
  } catch (error) {
    const lines = data.split('\n');
    if (lines.length < 2) throw error;
    return lines.filter((line) => line && line !== '[DONE]').map((line) => JSON.parse(line) as StreamChunk);
  }
}

export function createOpenAiCompatibleProvider(spec: OpenAiCompatibleSpec): ModelProvider {
  // Retries are ours (provider-retry.ts), as with the SDK's maxRetries 0: a
  // Retry-After of minutes must not hold an answer deaf to the stop button.
  const retryBudgetMs = spec.retryBudgetMs ?? DEFAULT_RETRY_BUDGET_MS;
  return {
    id: spec.id,
    kind: 'openai-compatible',
    async *stream(request: CompletionRequest): AsyncIterable<CompletionEvent> {
      const payload = {
        model: request.version || request.model,
        messages: request.messages,
        temperature: request.temperature,
        top_p: request.topP,
        stream: true,
        stream_options: { include_usage: true },
        ...(request.maxTokens === undefined ? {} : { max_tokens: request.maxTokens }),
      };
      let waited = 0;
      for (let attempt = 0; ; attempt++) {
        let answered = false;
        // One timer per attempt, pushed back on every chunk (refresh), and no
        // abort controller of our own: the stop signal and the idle limit
        // both destroy the request directly (chat-stream-http.ts).
        const upstream: { cancel?: (reason: Error) => void } = {};
        let timedOut = false;
        const timer = setTimeout(() => {
          timedOut = true;
          upstream.cancel?.(new IdleTimeout('idle timeout'));
        }, spec.timeoutMs);
        const onAbort = () => upstream.cancel?.(new APIUserAbortError());
        request.signal.addEventListener('abort', onAbort, { once: true });
        try {
          if (request.signal.aborted) throw new APIUserAbortError();
          const opened = await openChatStream(spec, payload, (cancel) => (upstream.cancel = cancel));
          if (opened.response.headers['content-type']?.includes('application/json')) {
            opened.response.resume();
            throw new ProviderError(NOT_A_STREAM, 'upstream');
          }
          let finished = false;
          for await (const data of opened.events()) {
            timer.refresh();
            for (const chunk of chunksOf(data)) {
              if (chunk.error) throw new APIError(undefined, chunk.error, undefined, undefined);
              const choice = chunk.choices?.[0];
              if (choice?.finish_reason) finished = true;
              const { text, reasoning } = readDelta(choice?.delta);
              if (reasoning) {
                answered = true;
                yield { type: 'reasoning', text: reasoning };
              }
              if (text) {
                answered = true;
                yield { type: 'delta', text };
              }
              if (chunk.usage) {
                yield { type: 'usage', promptTokens: chunk.usage.prompt_tokens, completionTokens: chunk.usage.completion_tokens };
              }
            }
          }
          if (timedOut || request.signal.aborted) throw new Error('stream aborted');
          if (!finished) throw new ProviderError(answered ? CUT_OFF : NOT_A_STREAM, 'upstream');
          return;
        } catch (error) {
          if (timedOut) throw new ProviderError('模型服务长时间没有回应，回答已中断', 'timeout', { cause: error });
          // Once text went out, a second attempt would repeat it: only a failed start is retried.
          const failure = toProviderError(error, request.signal);
          if (answered || request.signal.aborted || !isRetryable(error)) throw failure;
          const delay = retryDelayMs(error, attempt);
          if (waited + delay > retryBudgetMs) throw failure;
          waited += delay;
          try {
            await abortableSleep(delay, request.signal);
          } catch (abort) {
            throw toProviderError(abort, request.signal);
          }
        } finally {
          clearTimeout(timer);
          request.signal.removeEventListener('abort', onAbort);
          // A consumer that stops reading (return()) must not leave the request open.
          upstream.cancel?.(CONSUMER_LEFT);
        }
      }
    },
  };
}
