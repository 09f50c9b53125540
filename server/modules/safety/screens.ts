// The checkers after the word lists, in order: the guard model managers
// chose, then the cloud moderation service (Aliyun) when the environment
// configures it and managers switched it on. Each reads a question, or a
// streamed answer a batch at a time, and fails open or closed as managers
// chose when it cannot be reached.
import type { ServerContext } from '../../context.js';
import { aliyunModerationFrom, askAliyun, type CloudVerdict } from './aliyun-moderation.js';
import { askGuard } from './guard-model.js';
import type { SafetySettings } from './settings.js';

export interface Screen {
  /** How the records name its verdicts (`guard: Violent`, `aliyun: porn`). */
  name: 'guard' | 'aliyun';
  /** What the records show when it cannot be reached. */
  unavailable: 'guard-unavailable' | 'cloud-unavailable';
  /** Refuse when it cannot be reached (otherwise let through). */
  failClosed: boolean;
  ask(text: string, direction: 'input' | 'output'): Promise<CloudVerdict>;
}

export function screensFor(ctx: ServerContext, settings: SafetySettings): Screen[] {
  const screens: Screen[] = [];
  const model = settings.guardModel;
  if (model) screens.push({ name: 'guard', unavailable: 'guard-unavailable', failClosed: settings.guardFailClosed, ask: (text) => askGuard(ctx, model, text) });
  const cloud = settings.cloudModeration ? aliyunModerationFrom(ctx.config.env) : null;
  if (cloud) {
    screens.push({
      name: 'aliyun',
      unavailable: 'cloud-unavailable',
      failClosed: settings.cloudFailClosed,
      ask: (text, direction) => askAliyun(cloud, text, direction),
    });
  }
  return screens;
}
