// Video providers all work as create-then-poll tasks; each speaks its own
// dialect behind this one interface:
// - Zhipu CogVideoX: POST {base}/videos/generations → {id, task_status};
//   GET {base}/async-result/{id} → task_status PROCESSING | SUCCESS | FAIL,
//   video_result: [{url, cover_image_url}].
// - Aliyun DashScope Wan: POST {base}/services/aigc/video-generation/video-synthesis
//   with X-DashScope-Async: enable → output.task_id; GET {base}/tasks/{id} →
//   output.task_status PENDING | RUNNING | SUCCEEDED | FAILED | CANCELED | UNKNOWN,
//   output.video_url.
import type { VideoApi, VideoModel } from './media-models.js';
import { BAD_REPLY_MESSAGE, callProvider } from './provider-http.js';
import { GenerationError } from './kinds.js';

export interface VideoTaskInput {
  prompt: string;
  size: string;
  seconds: number;
  /** data: URI of the first frame, when given. */
  firstFrame?: string;
  /** Our job id: sent where the provider takes a request id. */
  requestId: string;
}

export type PollResult = { state: 'running'; progress?: number } | { state: 'succeeded'; videoUrl: string } | { state: 'failed'; reason: string };

export interface VideoTaskAdapter {
  create(model: VideoModel, input: VideoTaskInput, signal: AbortSignal): Promise<string>;
  poll(model: VideoModel, taskId: string, signal: AbortSignal): Promise<PollResult>;
}

const taskPath = (id: string) => encodeURIComponent(id);

const cogvideox: VideoTaskAdapter = {
  async create(model, input, signal) {
    const body = {
      model: model.name,
      prompt: input.prompt,
      request_id: input.requestId,
      size: input.size,
      duration: input.seconds,
      ...(input.firstFrame ? { image_url: input.firstFrame } : {}),
    };
    const answer = await callProvider<{ id?: unknown }>({
      method: 'POST',
      url: `${model.baseUrl}/videos/generations`,
      apiKey: model.apiKey,
      body,
      timeoutMs: model.requestTimeoutMs,
      signal,
    });
    if (typeof answer.id !== 'string' || !answer.id) throw new GenerationError(BAD_REPLY_MESSAGE);
    return answer.id;
  },
  async poll(model, taskId, signal) {
    const answer = await callProvider<{ task_status?: string; video_result?: Array<{ url?: string }>; error?: unknown; message?: string }>({
      method: 'GET',
      url: `${model.baseUrl}/async-result/${taskPath(taskId)}`,
      apiKey: model.apiKey,
      timeoutMs: model.requestTimeoutMs,
      signal,
    });
    if (answer.task_status === 'SUCCESS') {
      const url = answer.video_result?.[0]?.url;
      return url ? { state: 'succeeded', videoUrl: url } : { state: 'failed', reason: '' };
    }
    if (answer.task_status === 'FAIL') return { state: 'failed', reason: typeof answer.message === 'string' ? answer.message : '' };
    return { state: 'running' };
  },
};

const wan: VideoTaskAdapter = {
  async create(model, input, signal) {
    const body = {
      model: model.name,
      input: { prompt: input.prompt, ...(input.firstFrame ? { img_url: input.firstFrame } : {}) },
      parameters: { size: input.size.replace('x', '*'), duration: input.seconds },
    };
    const answer = await callProvider<{ output?: { task_id?: unknown } }>({
      method: 'POST',
      url: `${model.baseUrl}/services/aigc/video-generation/video-synthesis`,
      apiKey: model.apiKey,
      headers: { 'X-DashScope-Async': 'enable' },
      body,
      timeoutMs: model.requestTimeoutMs,
      signal,
    });
    const id = answer.output?.task_id;
    if (typeof id !== 'string' || !id) throw new GenerationError(BAD_REPLY_MESSAGE);
    return id;
  },
  async poll(model, taskId, signal) {
    const answer = await callProvider<{ output?: { task_status?: string; video_url?: string; message?: string } }>({
      method: 'GET',
      url: `${model.baseUrl}/tasks/${taskPath(taskId)}`,
      apiKey: model.apiKey,
      timeoutMs: model.requestTimeoutMs,
      signal,
    });
    const output = answer.output ?? {};
    if (output.task_status === 'SUCCEEDED') return output.video_url ? { state: 'succeeded', videoUrl: output.video_url } : { state: 'failed', reason: '' };
    if (output.task_status === 'FAILED' || output.task_status === 'CANCELED' || output.task_status === 'UNKNOWN')
      return { state: 'failed', reason: output.message ?? '' };
    return { state: 'running' };
  },
};

export const videoAdapters: Record<VideoApi, VideoTaskAdapter> = { cogvideox, 'dashscope-wan': wan };
