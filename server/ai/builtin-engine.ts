/**
 * The zero-configuration engine. It is not a language model and never
 * pretends to be one: it says so, quotes what the knowledge library holds
 * for the question (those passages come in as `references`), and tells the
 * admin how to connect a real model. It streams like a model so that every
 * chat feature (stop, regenerate, share) works the same offline.
 */
import { materialBlocks } from './builtin-quotes.js';
import { estimateTokens } from './tokens.js';
import type { ChatTurn, CompletionEvent, CompletionRequest, ModelProvider, OpenMaterial, ReferencePassage } from './types.js';
import { pause } from '../pause.js';

export const BUILTIN_MODEL_NAME = 'builtin';

const CJK = /[\u3400-\u9fff]/u;

function lastUserText(messages: ChatTurn[]): { text: string; hasImage: boolean } {
  const last = [...messages].reverse().find((m) => m.role === 'user');
  if (!last) return { text: '', hasImage: false };
  if (typeof last.content === 'string') return { text: last.content, hasImage: false };
  return {
    text: last.content.map((p) => (p.type === 'text' ? p.text : '')).join(' '),
    hasImage: last.content.some((p) => p.type === 'image_url'),
  };
}

function quote(passage: string, max = 400): string {
  const flat = passage.replace(/\s+/gu, ' ').trim();
  const cut = flat.length > max ? `${flat.slice(0, max)}…` : flat;
  return cut.replace(/^/gmu, '> ');
}

/**
 * Where language models are connected, the reader is pointed to those they
 * may pick. Otherwise only a manager is told which server settings connect a
 * model; students, teachers and embed visitors cannot act on them, so they
 * read that the school has not connected one yet.
 */
export function composeBuiltinAnswer(
  question: string,
  references: ReferencePassage[],
  hasImage: boolean,
  materials: readonly OpenMaterial[] = [],
  setupHint = false,
  imageModels: readonly string[] = [],
  languageModels: readonly string[] = [],
): string {
  const zh = CJK.test(question) || question.trim() === '';
  const modelNames = languageModels.map((m) => `「${m}」`).join(zh ? '、' : ', ');
  const parts: string[] = [];
  if (asksForPicture(question)) parts.push(pictureHint(zh, imageModels, setupHint));
  // The lesson open beside the course AI and the attached files come first: they are what the user is looking at.
  const quoted = materialBlocks(zh ? 'zh-CN' : 'en-US', question, materials, (p) => quote(p));
  if (zh) {
    parts.push('**这是智学内置的离线引擎，不是大语言模型。** 它不会编写新内容，只会在知识库中查找与问题相关的原文。');
    if (hasImage) parts.push('离线引擎无法识别图片内容。');
    parts.push(...quoted);
    if (references.length > 0) {
      parts.push(`在所选知识库中找到 ${references.length} 段相关内容：`);
      references.forEach((ref, i) => parts.push(`**[${i + 1}] ${ref.documentName}**\n\n${quote(ref.passage)}`));
      parts.push('点击下方的来源可以查看原文。');
    } else if (quoted.length === 0) {
      parts.push('在可用的知识库中没有找到与这个问题相关的内容。可以换一种说法再试；如果还没有选择知识库，也可以先选择一个。');
    }
    parts.push(
      modelNames
        ? `要获得完整的 AI 回答，请在上方的模型列表中选择大语言模型 ${modelNames}。`
        : setupHint
          ? '要获得完整的 AI 回答，请配置模型服务（设置 `ZX_LLM_BASE_URL`、`ZX_LLM_API_KEY` 和 `ZX_LLM_MODELS`，支持 DeepSeek、通义千问、智谱 GLM、Kimi、豆包、Ollama 等兼容 OpenAI 接口的服务）。'
          : '学校还没有接入大语言模型，接入后这里会给出完整的 AI 回答。',
    );
  } else {
    parts.push(
      "**This is Zhixue's built-in offline engine, not a language model.** It writes nothing new; it only looks up passages in the knowledge library that match your question.",
    );
    if (hasImage) parts.push('The offline engine cannot read images.');
    parts.push(...quoted);
    if (references.length > 0) {
      parts.push(`Found ${references.length} relevant passage(s) in the selected libraries:`);
      references.forEach((ref, i) => parts.push(`**[${i + 1}] ${ref.documentName}**\n\n${quote(ref.passage)}`));
      parts.push('Open a source below to read the passage in full.');
    } else if (quoted.length === 0) {
      parts.push('Nothing in the available knowledge libraries matches this question. Try other words, or pick a library first if none is chosen.');
    }
    parts.push(
      modelNames
        ? `For full AI answers, pick the language model ${modelNames} in the model list above.`
        : setupHint
          ? 'For full AI answers, configure a model service (`ZX_LLM_BASE_URL`, `ZX_LLM_API_KEY`, `ZX_LLM_MODELS`; any OpenAI-compatible server such as DeepSeek, Qwen, GLM, Kimi, Doubao or Ollama).'
          : 'The school has not connected a language model yet; once it does, full AI answers appear here.',
    );
  }
  return parts.join('\n\n');
}

const PICTURE_ZH = /画(一|个|张|幅|出|下|些)|绘制|(生成|制作|做|来|给我)[^。？?！!\n]{0,10}(图片|图像|插图|插画|海报|照片|示意图|一张图|张图|幅图)/u;
const PICTURE_EN = /\b(draw|paint|sketch)\b|\b(generate|create|make|produce)\b[^.?!\n]{0,40}\b(image|picture|illustration|poster|photo|drawing)s?\b/iu;

/** The question asks for a picture to be made (not about one). */
export function asksForPicture(question: string): boolean {
  return PICTURE_ZH.test(question) || PICTURE_EN.test(question);
}

/** Said first when asked for a picture: the offline engine makes none, and where pictures are made. */
function pictureHint(zh: boolean, imageModels: readonly string[], setupHint: boolean): string {
  if (imageModels.length > 0) {
    const names = imageModels.map((m) => `「${m}」`).join(zh ? '、' : ', ');
    return zh
      ? `**离线引擎不会画图。** 要生成图片，请在上方的模型列表中选择图片模型 ${names}，再发送这句描述；也可以打开「文生图」页面。`
      : `**The offline engine makes no pictures.** To get one, pick the image model ${names} in the model list above and send this description again, or open the text-to-image page.`;
  }
  if (setupHint) {
    return zh
      ? '**离线引擎不会画图，也还没有配置图片模型。** 设置 `ZX_LLM_IMAGE_MODELS`（使用 `ZX_LLM_BASE_URL` 上兼容 OpenAI 图片接口的模型），或在 `ZX_CONFIG` 中添加 `"kind": "image"` 的模型后，就能在对话中选择图片模型生成图片。'
      : '**The offline engine makes no pictures, and no image model is configured.** Set `ZX_LLM_IMAGE_MODELS` (models on `ZX_LLM_BASE_URL` that speak the OpenAI images API) or add a model with `"kind": "image"` to `ZX_CONFIG`; then an image model can be picked here.';
  }
  return zh
    ? '**离线引擎不会画图。** 学校还没有接入图片模型，接入后可以在模型列表中选择图片模型来生成图片。'
    : '**The offline engine makes no pictures.** The school has not connected an image model yet; once it does, pick it in the model list to get pictures.';
}

/** Splits text into small pieces (never inside a surrogate pair) to stream it like a model would. */
export function* pieces(text: string, size = 3): Generator<string> {
  const chars = Array.from(text);
  for (let i = 0; i < chars.length; i += size) yield chars.slice(i, i + size).join('');
}

export function createBuiltinProvider(options: { delayMs: number }): ModelProvider {
  return {
    id: 'builtin',
    kind: 'builtin',
    async *stream(request: CompletionRequest): AsyncIterable<CompletionEvent> {
      const { text, hasImage } = lastUserText(request.messages);
      const answer = composeBuiltinAnswer(
        text,
        request.references ?? [],
        hasImage,
        request.materials,
        request.setupHint,
        request.imageModels,
        request.languageModels,
      );
      for (const piece of pieces(answer)) {
        if (request.signal.aborted) return;
        yield { type: 'delta', text: piece };
        await pause(options.delayMs, request.signal);
      }
      const prompt = request.messages.reduce((sum, m) => sum + estimateTokens(typeof m.content === 'string' ? m.content : JSON.stringify(m.content)), 0);
      yield { type: 'usage', promptTokens: prompt, completionTokens: estimateTokens(answer) };
    },
  };
}
