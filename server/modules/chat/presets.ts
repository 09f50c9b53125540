// Chats started inside an assistant or a course inherit its AI settings.
// The assistants and courses areas register a resolver here (see
// ServerContext.chatPresets), so the chat module never learns their rules.
import type { ServerContext } from '../../context.js';
import type { ChatPreset, ChatPresetRegistry } from '../../ports.js';
import { badRequest } from '../../http/errors.js';

export type { ChatPreset, ChatPresetRegistry, ChatPresetResolver, PresetGrounding } from '../../ports.js';

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
