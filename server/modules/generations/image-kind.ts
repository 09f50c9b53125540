// Text to image through the OpenAI images API (POST {base}/images/generations),
// which OpenAI, SiliconFlow, Zhipu and others speak. Each image comes back
// as b64_json or a url; it is marked "AI生成", labelled, and stored as PNG.
import { guardedCreate } from './create-call.js';
import { downloadBuffer } from './download.js';
import { markImage } from './image-mark.js';
import { GenerationError, registerGenerationKind, type StoredResultFile } from './kinds.js';
import { mediaModels, providerKey, type ImageModel } from './media-models.js';
import { BAD_REPLY_MESSAGE, callProvider } from './provider-http.js';
import { badRequest } from '../../http/errors.js';
import { pickModel, promptOf, sizeOf } from './request-checks.js';

export const IMAGE_LOST_MESSAGE = '图片已生成，但保存时服务中断，请重新生成';
export const UNREADABLE_IMAGE_MESSAGE = '模型服务返回的图片无法读取';
const MAX_IMAGE_BYTES = 30 * 1024 * 1024;

interface ImagesAnswer {
  data?: Array<{ b64_json?: string; url?: string }>;
}

registerGenerationKind('image', {
  async prepare(ctx, _user, request) {
    const model = pickModel(ctx.config.env, 'image', request.model);
    const { prompt, sent } = promptOf(request.prompt, request.style);
    const n = request.n ?? 1;
    if (n > model.maxN) throw badRequest(`每次最多生成 ${model.maxN} 张`);
    const size = sizeOf(model, request.size);
    return {
      provider: providerKey(model),
      model: model.name,
      input: { prompt, sent, size, n, ...(request.style ? { style: request.style } : {}) },
      timeoutMs: model.jobTimeoutMs,
      units: n,
    };
  },
  concurrency(ctx, provider) {
    return mediaModels(ctx.config.env).find((m) => providerKey(m) === provider)?.concurrency ?? 2;
  },
  async run(job, tools) {
    // The images came back before a restart but were not saved: they cannot be fetched again.
    if (job.createState === 'created') throw new GenerationError(IMAGE_LOST_MESSAGE);
    const model = mediaModels(tools.ctx.config.env).find((m): m is ImageModel => m.kind === 'image' && m.name === job.model);
    if (!model) throw new GenerationError('该模型已不再提供，请换一个模型');
    const { sent, size, n } = job.input as { sent: string; size: string; n: number };
    const answer = await guardedCreate(tools, () =>
      callProvider<ImagesAnswer>({
        method: 'POST',
        url: `${model.baseUrl}/images/generations`,
        apiKey: model.apiKey,
        body: { model: model.name, prompt: sent, n, size, response_format: 'b64_json' },
        timeoutMs: model.requestTimeoutMs,
        signal: tools.signal,
      }),
    );
    await tools.createdUpstream('images');
    await tools.releaseProvider();
    const items = (answer.data ?? []).slice(0, n);
    if (items.length === 0) throw new GenerationError(BAD_REPLY_MESSAGE);
    const files: StoredResultFile[] = [];
    for (const [index, item] of items.entries()) {
      const raw = item.b64_json
        ? Buffer.from(item.b64_json, 'base64')
        : item.url
          ? await downloadBuffer(item.url, tools.signal, MAX_IMAGE_BYTES, 60_000, 'image')
          : undefined;
      if (!raw) throw new GenerationError(BAD_REPLY_MESSAGE);
      let png: Buffer;
      try {
        png = await markImage(raw, job.id);
      } catch {
        throw new GenerationError(UNREADABLE_IMAGE_MESSAGE);
      }
      files.push(await tools.saveFile(png, 'image/png', `AI-image-${index + 1}.png`));
      await tools.update({ progress: ((index + 1) / items.length) * 100 });
    }
    return { files };
  },
});
