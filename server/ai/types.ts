/**
 * The one streaming interface every model provider speaks. The chat module
 * only ever sees these types, so a new provider never touches chat code.
 */

/** A part of a multimodal user turn (OpenAI chat format, which every compatible server accepts). */
export type ContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string | ContentPart[];
}

/** A passage found in the knowledge library, handed to the model and shown to the user as a source. */
export interface ReferencePassage {
  documentId: string;
  documentName: string;
  datasetId?: string;
  chunkId: string;
  passage: string;
  score: number;
}

/** Text the user has open with the question: the lesson beside the course AI, or a file attached to it. */
export interface OpenMaterial {
  kind: 'lesson' | 'attachment';
  /** The lesson's or the file's name, as the user knows it. */
  name: string;
  text: string;
}

export interface CompletionRequest {
  /** Model as the user picked it (the catalogue's name). */
  model: string;
  /** The version the user picked; the name sent upstream when present. */
  version?: string;
  messages: ChatTurn[];
  temperature: number;
  topP: number;
  /** The most the answer may be in tokens (what the asker's credits still pay for); none when unlimited. */
  maxTokens?: number;
  signal: AbortSignal;
  /** Passages retrieved for this question; the built-in engine answers only from these. */
  references?: ReferencePassage[];
  /** The lesson and attachments of this question; the built-in engine quotes their passages that match it (a model reads them in the system message). */
  materials?: OpenMaterial[];
  /** The reader runs the school's setup (a manager): the built-in engine may name the configuration to change. */
  setupHint?: boolean;
  /** Labels of the image models the person could pick instead (the built-in engine points to them when asked for a picture). */
  imageModels?: readonly string[];
  /** Labels of the language models the person could pick instead (the built-in engine points to them rather than saying none is connected). */
  languageModels?: readonly string[];
}

/** `delta` is the answer's text, `reasoning` the model's thinking before it (shown apart, never sent back as context). */
export type CompletionEvent =
  { type: 'delta'; text: string } | { type: 'reasoning'; text: string } | { type: 'usage'; promptTokens: number; completionTokens: number };

export interface ModelInfo {
  /** Name shown in the picker and sent back by the client. */
  name: string;
  /** Upstream model names offered as versions; empty means the name itself is sent. */
  versions: string[];
  /** Accepts image content parts. */
  vision: boolean;
  /** Context window in tokens, used to budget prior turns. */
  contextTokens: number;
  providerId: string;
  /** Friendly label for the picker (falls back to name). */
  label?: string;
}

export interface ModelProvider {
  readonly id: string;
  readonly kind: 'builtin' | 'openai-compatible';
  /** Streams the answer. Throws ProviderError for failures a person should hear about. */
  stream(request: CompletionRequest): AsyncIterable<CompletionEvent>;
}

/** A failure whose `userMessage` is safe to show: it never carries keys, URLs with secrets or stack traces. */
export class ProviderError extends Error {
  constructor(
    readonly userMessage: string,
    readonly reason: 'auth' | 'rate-limit' | 'timeout' | 'unreachable' | 'bad-request' | 'upstream' | 'aborted',
    options?: { cause?: unknown },
  ) {
    super(userMessage, options);
    this.name = 'ProviderError';
  }
}
