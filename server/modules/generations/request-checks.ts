// Checks shared by the image and video kinds: a prompt, a configured model
// of the right kind, and the teaching style presets.
import type { Env } from '../../config.js';
import { badRequest } from '../../http/errors.js';
import { mediaModels, type ImageModel, type MediaModel, type VideoModel } from './media-models.js';

/** Teaching style presets: what each adds to the prompt (sent to the model in Chinese, which the providers read best). */
export const STYLE_PRESETS: Record<string, string> = {
  illustration: '教学插画风格，色彩明快，线条清晰，适合课件',
  diagram: '简洁的教学示意图，白色背景，结构清楚，标注清晰',
  poster: '教学海报风格，构图醒目，主题突出',
  realistic: '写实摄影风格，细节真实，光线自然',
};

export function promptOf(raw: string, style: string | undefined): { prompt: string; sent: string } {
  const prompt = raw.trim();
  if (!prompt) throw badRequest('请填写提示词');
  if (style === undefined) return { prompt, sent: prompt };
  const preset = STYLE_PRESETS[style];
  if (!preset) throw badRequest('不支持的风格');
  return { prompt, sent: `${prompt}。${preset}` };
}

export function pickModel(env: Env, kind: 'image', name: string | undefined): ImageModel;
export function pickModel(env: Env, kind: 'video', name: string | undefined): VideoModel;
export function pickModel(env: Env, kind: 'image' | 'video', name: string | undefined): MediaModel {
  const models = mediaModels(env).filter((m) => m.kind === kind);
  if (models.length === 0) throw badRequest(kind === 'image' ? '没有可用的图片模型，请联系管理员配置' : '没有可用的视频模型，请联系管理员配置');
  const model = name === undefined ? models[0] : models.find((m) => m.name === name);
  if (!model) throw badRequest('该模型不可用');
  return model;
}

export function sizeOf(model: MediaModel, size: string | undefined): string {
  const wanted = (size ?? model.sizes[0]!).replace('*', 'x');
  if (!model.sizes.includes(wanted)) throw badRequest('该模型不支持这个尺寸');
  return wanted;
}
