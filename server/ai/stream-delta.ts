// What one streamed chunk says, in every shape OpenAI-compatible servers
// send it: the answer as `delta.content`, a string or a list of parts
// (Mistral; Magistral's `thinking` parts hold a list of text parts), and the
// reasoning as `reasoning_content` (DeepSeek, Qwen, vLLM), `reasoning`
// (OpenRouter, Ollama, Groq) or thinking parts. The answer and the
// reasoning are kept apart: only the answer is shown as the text, saved as
// it and sent back as context.

/** A content part as providers send it; fields other than these are ignored. */
interface ContentPartIn {
  type?: string;
  text?: unknown;
  thinking?: unknown;
}

export interface DeltaIn {
  content?: unknown;
  reasoning_content?: unknown;
  reasoning?: unknown;
}

export interface DeltaText {
  text: string;
  reasoning: string;
}

/** The text of a part list or string; anything else (images, references, tool calls) says nothing. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (!Array.isArray(value)) return '';
  let text = '';
  for (const part of value as ContentPartIn[]) if (part && typeof part === 'object' && part.type === 'text' && typeof part.text === 'string') text += part.text;
  return text;
}

/** The answer's and the reasoning's text in one delta. */
export function readDelta(delta: DeltaIn | null | undefined): DeltaText {
  if (!delta) return { text: '', reasoning: '' };
  let reasoning = textOf(delta.reasoning_content) || textOf(delta.reasoning);
  const { content } = delta;
  if (!Array.isArray(content)) return { text: typeof content === 'string' ? content : '', reasoning };
  let text = '';
  for (const part of content as ContentPartIn[]) {
    if (!part || typeof part !== 'object') continue;
    if (part.type === 'text' && typeof part.text === 'string') text += part.text;
    else if (part.type === 'thinking' || part.type === 'reasoning') reasoning += textOf(part.thinking ?? part.text);
  }
  return { text, reasoning };
}
