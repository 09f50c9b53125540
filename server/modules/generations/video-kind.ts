// Text (and optionally a first frame) to video through a create-then-poll
// task API (./video-apis.ts). The task id is saved before the first poll, so
// a restart resumes polling the same task; the finished video is downloaded
// into our storage at once (the provider's link expires) with the AIGC label
// appended as an MP4 box.
import { badRequest } from '../../http/errors.js';
import { findReadableFile } from '../uploads/index.js';
import { aigcLabel, mp4LabelBox } from './aigc-label.js';
import { guardedCreate } from './create-call.js';
import { cappedBody, openDownload } from './download.js';
import { GenerationError, registerGenerationKind } from './kinds.js';
import { mediaModels, providerKey, type VideoModel } from './media-models.js';
import { pickModel, promptOf, sizeOf } from './request-checks.js';
import { videoAdapters } from './video-apis.js';
import { pause } from '../../pause.js';

export const VIDEO_FAILED_MESSAGE = '视频生成失败：{0}';
const MAX_VIDEO_BYTES = 500 * 1024 * 1024;
const MAX_FIRST_FRAME_BYTES = 10 * 1024 * 1024;

registerGenerationKind('video', {
  async prepare(ctx, user, request) {
    const model = pickModel(ctx.config.env, 'video', request.model);
    const { prompt, sent } = promptOf(request.prompt, request.style);
    const seconds = request.seconds ?? model.seconds[0]!;
    if (!model.seconds.includes(seconds)) throw badRequest('该模型不支持这个时长');
    const size = sizeOf(model, request.size);
    const imageFileId = request.source?.imageFileId;
    if (imageFileId !== undefined) {
      const file =
        typeof imageFileId === 'string' && /^[A-Za-z0-9_-]{1,64}$/u.test(imageFileId)
          ? await findReadableFile(ctx, imageFileId, user.id).catch(() => null)
          : null;
      if (!file || !file.mime.startsWith('image/') || file.size > MAX_FIRST_FRAME_BYTES) throw badRequest('首帧图片不存在或不是图片');
    }
    return {
      provider: providerKey(model),
      model: model.name,
      input: { prompt, sent, size, seconds, ...(request.style ? { style: request.style } : {}), ...(imageFileId ? { imageFileId } : {}) },
      timeoutMs: model.jobTimeoutMs,
      units: seconds,
    };
  },
  concurrency(ctx, provider) {
    return mediaModels(ctx.config.env).find((m) => providerKey(m) === provider)?.concurrency ?? 2;
  },
  async run(job, tools) {
    const { ctx, signal } = tools;
    const model = mediaModels(ctx.config.env).find((m): m is VideoModel => m.kind === 'video' && m.name === job.model);
    if (!model) throw new GenerationError('该模型已不再提供，请换一个模型');
    const adapter = videoAdapters[model.api];
    const input = job.input as { sent: string; size: string; seconds: number; imageFileId?: string };
    let taskId = job.upstreamId;
    if (!taskId) {
      let firstFrame: string | undefined;
      if (input.imageFileId) {
        const file = await findReadableFile(ctx, input.imageFileId, job.ownerId).catch(() => null);
        if (!file) throw new GenerationError('首帧图片已被删除，请重新选择');
        const bytes = await ctx.files.readAll(file.storedName);
        firstFrame = `data:${file.mime};base64,${bytes.toString('base64')}`;
      }
      taskId = await guardedCreate(tools, () =>
        adapter.create(model, { prompt: input.sent, size: input.size, seconds: input.seconds, firstFrame, requestId: job.id }, signal),
      );
      await tools.createdUpstream(taskId);
      await tools.update({ progress: 5 });
    }
    const started = Date.now();
    // Providers give no progress: an estimate that approaches 95 % over about a minute.
    const estimate = () => 5 + 90 * (1 - Math.exp(-(Date.now() - started) / 60_000));
    for (;;) {
      if (signal.aborted) throw signal.reason;
      const result = await adapter.poll(model, taskId, signal);
      if (result.state === 'failed')
        throw new GenerationError(result.reason ? VIDEO_FAILED_MESSAGE.replace('{0}', result.reason.slice(0, 200)) : '视频生成失败，请换个提示词再试');
      if (result.state === 'succeeded') {
        await tools.releaseProvider();
        const response = await openDownload(result.videoUrl, signal, 10 * 60_000, 'video', MAX_VIDEO_BYTES);
        const mime = response.headers.get('content-type')?.split(';')[0]?.trim() || 'video/mp4';
        const labelled = mime === 'video/mp4' ? mp4LabelBox(aigcLabel(job.id)) : undefined;
        const file = await tools.saveStream(cappedBody(response, MAX_VIDEO_BYTES, labelled), mime.startsWith('video/') ? mime : 'video/mp4', 'AI-video.mp4');
        return { files: [file] };
      }
      await tools.update({ progress: result.progress ?? estimate() });
      await pause(model.pollMs, signal);
    }
  },
});
