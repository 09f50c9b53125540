// Writes a mind map's outline as it streams: a model writes markdown lines,
// each is made canonical (outline.ts) as soon as it is complete and sent on,
// so the map grows line by line. A line citing material passage [n] gets a
// link to that passage. With only the built-in engine, the map is the
// material's own structure (structure.ts); a bare topic has none, so it says
// a model is needed. Expanding one node works the same way on a smaller scale.
import type { ServerContext } from '../../context.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import { pause } from '../../pause.js';
import { ProviderError, type ChatTurn, type ModelInfo, type ModelProvider } from '../../ai/types.js';
import type { ServerLocale } from '../../i18n/locales.js';
import { untitledMap } from './default-names.js';
import { cleanNodeText, OutlineBuilder, readOutlineLine, sourceLinkMarkdown } from './outline.js';
import { readMaterial, type Material, type SourceKind, type SourceRequest } from './sources.js';
import { structureOutline } from './structure.js';
import { requireSafe } from '../safety/index.js';

export type WriterEvent =
  | { type: 'start'; engine: 'model' | 'builtin'; title: string; source: { kind: SourceKind; id?: string; title: string } }
  /** Canonical outline lines to append (each ends with a newline). */
  | { type: 'lines'; text: string }
  | { type: 'notice'; message: string }
  | { type: 'done'; outline: string; nodes: number };

export interface OutlineRequest {
  source: SourceRequest;
  model?: string;
  version?: string;
}

export interface ExpandRequest {
  /** The node's ancestors from the root, the node itself last (their words, no links). */
  path: string[];
  model?: string;
  version?: string;
}

export const TOPIC_NEEDS_MODEL = '内置离线引擎只能整理已有内容的结构；根据主题生成思维导图需要学校接入语言模型';
export const EXPAND_NEEDS_MODEL = '用 AI 展开节点需要学校接入语言模型；也可以手动添加子节点';
export const MODEL_UNAVAILABLE = '所选模型不可用，请换一个模型';
export const WRITING_FAILED = '思维导图生成中断了，请稍后重试';
export const NO_OUTLINE_WRITTEN = '模型没有写出思维导图（回答为空或不是大纲格式），请重试';
export const NO_CHILDREN_WRITTEN = '模型没有写出子节点，请重试';

/**
 * Models often wrap their outline in a ```markdown fence. A model's lines are
 * never code, so its fence lines are dropped rather than hiding what they hold.
 */
const FENCE = /^\s*```/u;

/** A model's answer that held nothing usable: a failure to say (and retry), not a map of only its root. */
const nothingWritten = (message: string) => new ProviderError(message, 'upstream');

const OUTLINE_RULES = [
  '你是职业院校的教学设计助手，擅长把内容整理成思维导图。',
  '只输出 Markdown 大纲，不要输出其他文字：第一行是“# 中心主题”，第二层用“## 分支”，更深的层级用“- 要点”列表（每深一层缩进两个空格）。',
  '每个节点是简短的词组（一般不超过 20 个字），层次清楚，通常 3 到 4 层、30 到 80 个节点。',
  // These rules are Chinese; without this, a model maps an English topic in Chinese.
  '节点的语言与中心主题和材料的语言一致（主题和材料是英文就用英文写）。',
];

type Resolved = { model: ModelInfo; provider: ModelProvider; version?: string };

function resolveModel(ctx: ServerContext, name?: string, version?: string): Resolved {
  const resolved = ctx.ai.resolve(name, version);
  if (!resolved) throw badRequest(MODEL_UNAVAILABLE);
  return resolved;
}

function outlineMessages(material: Material): ChatTurn[] {
  const cited = material.passages.length > 0;
  const system = [...OUTLINE_RULES, ...(cited ? ['只依据给出的材料，不要编造；每个节点末尾用 [编号] 注明它出自哪段材料，如 [2]。'] : [])].join('\n');
  const user = cited
    ? [`中心主题：${material.title}`, '材料：', ...material.passages.map((p, i) => `[${i + 1}] ${p}`)].join('\n')
    : `中心主题：${material.title}`;
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}

const CITATION = /\s*\[(\d{1,3})(?:\s*[,，、]\s*\d{1,3})*\]\s*$/u;

/** Splits a streamed text into complete lines, keeping the unfinished end. */
class LineSplitter {
  private buffer = '';
  push(text: string): string[] {
    this.buffer += text;
    const parts = this.buffer.split('\n');
    this.buffer = parts.pop() ?? '';
    return parts;
  }
  rest(): string[] {
    const rest = this.buffer;
    this.buffer = '';
    return rest.trim() ? [rest] : [];
  }
}

async function* streamText(resolved: Resolved, messages: ChatTurn[], signal: AbortSignal): AsyncIterable<string> {
  const stream = resolved.provider.stream({
    model: resolved.model.name,
    ...(resolved.version ? { version: resolved.version } : {}),
    messages,
    temperature: 0.5,
    topP: 1,
    signal,
  });
  for await (const event of stream) if (event.type === 'delta') yield event.text;
}

/** Built-in maps stream too (a line at a time, about a second and a half in all), so the page behaves the same. */
async function emitBuiltin(lines: string[], builder: OutlineBuilder, emit: (event: WriterEvent) => void, signal: AbortSignal): Promise<void> {
  const gap = Math.min(15, Math.floor(1500 / Math.max(1, lines.length)));
  for (const line of lines) {
    if (signal.aborted) return;
    const added = builder.push(line);
    if (added.length) emit({ type: 'lines', text: added.map((l) => `${l}\n`).join('') });
    if (gap > 0) await pause(gap, signal);
  }
}

/** `locale`: the creator's language, for the default names of a map nothing names (default-names.ts). */
export async function writeOutline(
  ctx: ServerContext,
  user: AuthUser,
  request: OutlineRequest,
  locale: ServerLocale,
  emit: (event: WriterEvent) => void,
  signal: AbortSignal,
): Promise<string> {
  const resolved = resolveModel(ctx, request.model, request.version);
  const material = await readMaterial(ctx, user, request.source, locale, signal);
  await requireSafe(ctx, { text: material.title, userId: user.id, source: 'mindmaps' });
  const builtin = resolved.provider.kind === 'builtin';
  const untitled = untitledMap(locale);
  const builder = new OutlineBuilder(material.title, untitled);
  emit({
    type: 'start',
    engine: builtin ? 'builtin' : 'model',
    title: cleanNodeText(material.title),
    source: { kind: material.kind, ...(material.id ? { id: material.id } : {}), title: material.title },
  });

  if (builtin) {
    if (material.markdown === null) emit({ type: 'notice', message: TOPIC_NEEDS_MODEL });
    else
      await emitBuiltin(
        structureOutline({ title: material.title, untitled, markdown: material.markdown, ...(material.link ? { link: material.link } : {}) }),
        builder,
        emit,
        signal,
      );
  } else {
    const take = (raw: string) => {
      if (FENCE.test(raw)) return;
      const citation = CITATION.exec(raw);
      const passage = citation ? material.passages[Number(citation[1]) - 1] : undefined;
      const text = citation ? raw.slice(0, citation.index) : raw;
      const suffix = passage && material.link ? ` ${sourceLinkMarkdown({ href: material.link(passage), excerpt: passage })}` : '';
      const added = builder.push(text, suffix);
      if (added.length) emit({ type: 'lines', text: added.map((l) => `${l}\n`).join('') });
    };
    const lines = new LineSplitter();
    for await (const text of streamText(resolved, outlineMessages(material), signal)) {
      for (const line of lines.push(text)) take(line);
      if (builder.full) break;
    }
    for (const line of lines.rest()) take(line);
    // The root alone is the title the page already has: the model gave no map.
    if (builder.lines.length <= 1) throw nothingWritten(NO_OUTLINE_WRITTEN);
  }
  const outline = builder.outline();
  emit({ type: 'done', outline, nodes: builder.lines.length });
  return outline;
}

/** Children for one node, as list lines relative to it (`- child`, `  - grandchild`). */
export async function expandNode(ctx: ServerContext, request: ExpandRequest, emit: (event: WriterEvent) => void, signal: AbortSignal): Promise<string> {
  const resolved = resolveModel(ctx, request.model, request.version);
  const path = request.path.map((p) => p.replace(/\s+/gu, ' ').trim()).filter(Boolean);
  if (!path.length) throw badRequest('请选择要展开的节点');
  const node = path[path.length - 1]!;
  emit({
    type: 'start',
    engine: resolved.provider.kind === 'builtin' ? 'builtin' : 'model',
    title: cleanNodeText(node),
    source: { kind: 'topic', title: node },
  });
  const out: string[] = [];
  if (resolved.provider.kind === 'builtin') {
    emit({ type: 'notice', message: EXPAND_NEEDS_MODEL });
  } else {
    const messages: ChatTurn[] = [
      {
        role: 'system',
        content: [
          '你是职业院校的教学设计助手，正在帮老师扩展思维导图的一个节点。',
          '只输出这个节点的子节点，用 Markdown 列表：每行“- 子节点”，需要时再缩进两个空格写下一层；3 到 6 个子节点，每个不超过 20 个字，不要重复已有内容，不要输出其他文字。',
          '子节点的语言与思维导图路径的语言一致（路径是英文就用英文写）。',
        ].join('\n'),
      },
      { role: 'user', content: `思维导图路径：${path.join(' > ')}\n请展开节点：${node}` },
    ];
    let previous = -1;
    const take = (raw: string) => {
      const read = readOutlineLine(raw, -1);
      if (!read || /^\s*#/u.test(raw) || out.length >= 60) return;
      const text = cleanNodeText(read.text);
      if (!text) return;
      const depth = Math.max(0, Math.min(read.depth, previous + 1, 2));
      previous = depth;
      const line = `${'  '.repeat(depth)}- ${text}\n`;
      out.push(line);
      emit({ type: 'lines', text: line });
    };
    const lines = new LineSplitter();
    for await (const text of streamText(resolved, messages, signal)) for (const line of lines.push(text)) take(line);
    for (const line of lines.rest()) take(line);
    if (!out.length) throw nothingWritten(NO_CHILDREN_WRITTEN);
  }
  const outline = out.join('');
  emit({ type: 'done', outline, nodes: out.length });
  return outline;
}
