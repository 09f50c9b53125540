/**
 * Any server that speaks OpenAI's chat-completions protocol: OpenAI, DeepSeek,
 * Qwen (DashScope compatible mode), GLM, Moonshot, Doubao, vLLM, Ollama,
 * llama.cpp. Failures become ProviderError with a message a teacher can act on;
 * the key and the upstream body never reach that message.
 */
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { OpenAiCompatibleSpec } from './provider-config.js';
import { abortableSleep, DEFAULT_RETRY_BUDGET_MS, isRetryable, requestedWaitMs, retryDelayMs } from './provider-retry.js';
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
      const asked = wait && wait >= 1_000 ? `，服务要求等待 ${Math.ceil(wait / 1000)} 秒` : '';
      return new ProviderError(`模型服务繁忙（请求过多）${asked}，请稍后重试`, 'rate-limit', { cause: error });
    }
    if (status === 400 || status === 404 || status === 422) {
      return new ProviderError('模型服务无法处理这个请求（模型名称或内容不被接受）', 'bad-request', { cause: error });
    }
    return new ProviderError('模型服务出错了，请稍后重试', 'upstream', { cause: error });
  }
  return new ProviderError('回答中断了：与模型服务的连接意外断开', 'upstream', { cause: error });
}

/** Aborts when no chunk arrives for `idleMs`, so a stalled upstream never hangs a chat forever. */
function idleWatchdog(idleMs: number, parent: AbortSignal): { signal: AbortSignal; touch(): void; stop(): void; timedOut(): boolean } {
  const controller = new AbortController();
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const onParentAbort = () => controller.abort(parent.reason);
  if (parent.aborted) onParentAbort();
  else parent.addEventListener('abort', onParentAbort, { once: true });
  const touch = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error('idle timeout'));
    }, idleMs);
  };
  touch();
  return {
    signal: controller.signal,
    touch,
    stop() {
      clearTimeout(timer);
      parent.removeEventListener('abort', onParentAbort);
    },
    timedOut: () => timedOut,
  };
}

/** The server answered 200 but not as a stream (or the stream stopped without finishing): never a finished answer. */
const NOT_A_STREAM = '模型服务没有按流式方式回答（可能是服务地址或代理配置有误），回答未完成';
const CUT_OFF = '回答中断了：模型服务没有说完就结束了连接';

export function createOpenAiCompatibleProvider(spec: OpenAiCompatibleSpec): ModelProvider {
  // Retries are ours (provider-retry.ts): the SDK's own would sleep as long as
  // Retry-After says, deaf to the stop button.
  const client = new OpenAI({ baseURL: spec.baseUrl, apiKey: spec.apiKey, maxRetries: 0, timeout: spec.timeoutMs });
  const retryBudgetMs = spec.retryBudgetMs ?? DEFAULT_RETRY_BUDGET_MS;
  return {
    id: spec.id,
    kind: 'openai-compatible',
    async *stream(request: CompletionRequest): AsyncIterable<CompletionEvent> {
      let waited = 0;
      for (let attempt = 0; ; attempt++) {
        let answered = false;
        const watchdog = idleWatchdog(spec.timeoutMs, request.signal);
        try {
          const { data: stream, response } = await client.chat.completions
            .create(
              {
                model: request.version || request.model,
                messages: request.messages as OpenAI.Chat.Completions.ChatCompletionMessageParam[],
                temperature: request.temperature,
                top_p: request.topP,
                stream: true,
                stream_options: { include_usage: true },
              },
              { signal: watchdog.signal },
            )
            .withResponse();
          if (response.headers.get('content-type')?.includes('application/json')) throw new ProviderError(NOT_A_STREAM, 'upstream');
          let finished = false;
          for await (const chunk of stream) {
            watchdog.touch();
            const choice = chunk.choices[0];
            if (choice?.finish_reason) finished = true;
            const text = choice?.delta?.content;
            if (text) {
              answered = true;
              yield { type: 'delta', text };
            }
            if (chunk.usage) {
              yield { type: 'usage', promptTokens: chunk.usage.prompt_tokens, completionTokens: chunk.usage.completion_tokens };
            }
          }
          // The SDK ends the loop quietly when its signal aborts, so a stall
          // or a stop looks like a finished stream unless checked here.
          if (watchdog.timedOut() || request.signal.aborted) throw new Error('stream aborted');
          if (!finished) throw new ProviderError(answered ? CUT_OFF : NOT_A_STREAM, 'upstream');
          return;
        } catch (error) {
          if (watchdog.timedOut()) throw new ProviderError('模型服务长时间没有回应，回答已中断', 'timeout', { cause: error });
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
          watchdog.stop();
        }
      }
    },
  };
}
