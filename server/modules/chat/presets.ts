// Chats started inside an assistant or a course inherit its AI settings.
// The assistants and courses areas register a resolver here (see
// ServerContext.chatPresets), so the chat module never learns their rules.
import type { OpenMaterial } from '../../ai/types.js';
import type { ServerContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';

export interface ChatPreset {
  systemMessage?: string;
  model?: string;
  modelVersion?: string;
  temperature?: number;
  topP?: number;
  datasetIds?: string[];
}

export interface PresetGrounding {
  /** Added to the system message a model reads. */
  note: string;
  /** The same text as material the built-in engine can quote. */
  material: OpenMaterial;
}

export interface ChatPresetResolver {
  /** The preset for `id` as this user may use it; throws 404/403 when they may not. */
  resolve(ctx: ServerContext, userId: string, id: string): Promise<ChatPreset>;
  /** Whether the user owns the preset (may read its prompt and datasets back). */
  owns?(ctx: ServerContext, userId: string, id: string): Promise<boolean>;
  /** Extra grounding for one question, e.g. the lesson a student is reading: a note for the model and the material itself. */
  grounding?(ctx: ServerContext, userId: string, id: string, hint: { lessonId?: string }): Promise<PresetGrounding | null>;
}

export interface ChatPresetRegistry {
  assistant?: ChatPresetResolver;
  course?: ChatPresetResolver;
}

export function createChatPresetRegistry(): ChatPresetRegistry {
  return {};
}

/** The preset for a new chat; a course preset wins over an assistant's where both are given. */
export async function presetFor(ctx: ServerContext, userId: string, ids: { assistantId?: string | null; courseId?: string | null }): Promise<ChatPreset> {
  let preset: ChatPreset = {};
  for (const [kind, id] of [
    ['assistant', ids.assistantId],
    ['course', ids.courseId],
  ] as const) {
    if (!id) continue;
    const resolver = ctx.chatPresets[kind];
    if (!resolver) throw badRequest(kind === 'assistant' ? '助手功能尚未启用' : '课程功能尚未启用');
    preset = { ...preset, ...(await resolver.resolve(ctx, userId, id)) };
  }
  return preset;
}
