// An image model answering in AI dialogue: the question's text
// goes to the image generation queue (server/modules/generations, the same
// durable jobs, limits and charges as /image/generate) and the answer is an
// image message. Its row keeps only the stored files' ids; how readers get
// the pictures (signed links, or inline on a share page) is image-views.ts.
import type { ModelProvider } from '../../ai/types.js';
import { ProviderError } from '../../ai/types.js';
import type { ServerContext } from '../../context.js';
import type { AuthUser } from '../../http/auth.js';
import { ApiError } from '../../http/errors.js';
import { generateImagesAndWait, mediaModels, type ImageModel } from '../generations/index.js';
import type { StoredImageItem } from './image-views.js';

/** The image model of that name, when the installation offers one. */
export function imageModelNamed(ctx: ServerContext, name: string | undefined): ImageModel | undefined {
  if (!name) return undefined;
  return mediaModels(ctx.config.env).find((m): m is ImageModel => m.kind === 'image' && m.name === name);
}

/** What the chat model list shows of the image models (the dialogue offers them beside the chat models). */
export function imageModelsForPicker(
  ctx: ServerContext,
): Array<{ name: string; label: string; versions: string[]; vision: false; builtin: false; kind: 'image' }> {
  return mediaModels(ctx.config.env)
    .filter((m): m is ImageModel => m.kind === 'image')
    .map((m) => ({ name: m.name, label: m.label, versions: [], vision: false, builtin: false, kind: 'image' }));
}

/**
 * Stands in for a chat provider where one is expected (naming the chat): an
 * image model writes no text, so asking it to is refused and the caller's
 * fallback (the question's opening words) is used.
 */
export const IMAGE_MODEL_WRITES_NO_TEXT: ModelProvider = {
  id: 'image-model',
  kind: 'openai-compatible',
  // eslint-disable-next-line require-yield
  async *stream() {
    throw new ProviderError('图片模型只生成图片，不回答文字', 'bad-request');
  },
};

/**
 * Makes the pictures and returns the answer's stored content. A refusal, a
 * timeout or a limit throws ProviderError with the reason the person reads;
 * an abort (the person stopped, the server shuts down) cancels the job.
 */
export async function answerWithImages(ctx: ServerContext, asker: AuthUser, model: string, prompt: string, signal: AbortSignal): Promise<string> {
  if (!prompt.trim()) throw new ProviderError('请用文字描述想要的图片', 'bad-request');
  let finished;
  try {
    finished = await generateImagesAndWait(ctx, asker, { prompt, model }, signal);
  } catch (error) {
    if (signal.aborted) throw error;
    // Refused before queueing (a limit, no credits, a bad request): its message is for the person.
    const message = error instanceof ApiError ? error.message : '图片生成失败，请重试';
    throw new ProviderError(message, 'upstream', { cause: error });
  }
  if (finished.status === 'cancelled') throw new ProviderError('图片生成任务已被取消', 'aborted');
  if (finished.status === 'failed' || finished.files.length === 0) throw new ProviderError(finished.error ?? '图片生成失败，请重试', 'upstream');
  const items: StoredImageItem[] = finished.files.map((f) => ({ fileId: f.id, mime: f.mime }));
  return JSON.stringify(items);
}
