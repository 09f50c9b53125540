// What the prompt-template routes answer, as a compiled response schema: a
// field not listed here (the owner's id) is never sent.
import { Type } from 'typebox';

/** A prompt template (PromptTemplateView in prompt-templates.ts). */
export const PromptTemplateSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  content: Type.String(),
  category: Type.String(),
  own: Type.Boolean(),
  createTime: Type.Number(),
});
