// AI question writing: drafts stream in one by one, each checked like any
// question and carrying the passage it came from; nothing enters the bank
// until a teacher saves it. The model is asked for JSON Lines (one question a
// line) and each draft is shown as soon as its object is complete, whatever
// layout the model chose (json-objects.ts). With only the built-in engine,
// true/false and fill-in-the-blank drafts come from the material's own
// sentences (labelled, each with its sentence), and the start event and a
// notice name the types asked for that need a model.
import type { ServerContext } from '../../context.js';
import type { QuestionType } from '../../db/tables/evaluation.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import { requireTeacher } from '../courses/index.js';
import type { BankInput } from './bank.js';
import { BUILTIN_BLANK_NOTE, BUILTIN_JUDGE_NOTE, BUILTIN_TYPES, builtinDrafts } from './builtin-drafts.js';
import { courseModelFor } from './grading.js';
import { checkQuestion } from './question-rules.js';
import { JsonObjectSplitter } from './json-objects.js';
import { gatherSources, type SourcePassage, type SourceRequest } from './question-sources.js';
import { requireSafe } from '../safety/index.js';

export interface WriteRequest extends SourceRequest {
  types: QuestionType[];
  count: number;
  difficulty?: number;
  tags?: string[];
}

export type WriterEvent =
  | {
      type: 'start';
      engine: 'model' | 'builtin';
      sources: Array<{ index: number; kind: string; title: string }>;
      /** The types asked for that only a language model writes (none with a model). */
      needModel: QuestionType[];
    }
  | { type: 'draft'; question: BankInput; note?: string }
  | { type: 'skipped'; reason: string }
  | { type: 'notice'; message: string; kind?: 'model-needed' | 'no-material' | 'few-sentences' }
  | { type: 'done'; count: number };

export const MODEL_NEEDED = '没有接入语言模型时，只能根据原文句子生成判断题和填空题；单选、多选、简答和实操题需要学校接入语言模型';
const NO_MATERIAL = '内置离线引擎只能从所选课时或知识库的原文出题，只填主题时需要学校接入语言模型';
const TYPE_WORDS: Record<QuestionType, string> = {
  single: '单选题',
  multiple: '多选题',
  judge: '判断题',
  blank: '填空题',
  short: '简答题（带评分量规）',
  practical: '实操题（学生上传报告、照片或视频完成的实操任务，带评分量规）',
};
const DEFAULT_POINTS: Record<QuestionType, number> = { single: 2, multiple: 3, judge: 1, blank: 2, short: 10, practical: 10 };

function writerMessages(request: WriteRequest, passages: SourcePassage[]) {
  const material = passages.length
    ? passages.map((p, i) => `[${i + 1}]《${p.title}》${p.text}`).join('\n')
    : `（没有材料，请围绕主题出题）主题：${request.topic ?? ''}`;
  const system = [
    '你是职业院校的命题老师。请只依据给出的材料出题，题目准确、无歧义、贴近职业岗位。',
    '每道题输出一行 JSON（JSON Lines），不要输出其他文字。字段：',
    'type（single|multiple|judge|blank|short）、stem、options（选择题的选项数组）、answer（single：选项序号从 0 开始；multiple：序号数组；judge：true/false；blank：可接受答案数组；short：参考答案文字）、',
    'rubric（仅 short：[{"criterion":"…","points":数字}]，分值之和等于 points）、points、tags（知识点数组）、difficulty（1-5）、explanation（解析）、source（出自材料编号，如 1）。',
  ].join('\n');
  const user = [
    `题型与数量：共 ${request.count} 道，题型从 ${request.types.map((t) => TYPE_WORDS[t]).join('、')} 中选择，尽量均衡。`,
    request.difficulty ? `难度：${request.difficulty}（1 最易，5 最难）。` : '',
    request.tags?.length ? `知识点：${request.tags.join('、')}。` : '',
    '材料：',
    material,
  ]
    .filter(Boolean)
    .join('\n');
  return [
    { role: 'system' as const, content: system },
    { role: 'user' as const, content: user },
  ];
}

const UNREADABLE = '有一道题的格式无法读取，已跳过';

function parseObject(text: string): Record<string, unknown> | null {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** One JSON object the model wrote to a checked draft with its source, or the reason it was skipped. */
export function draftFromObject(text: string, request: WriteRequest, passages: SourcePassage[]): { question: BankInput } | { reason: string } {
  const raw = parseObject(text);
  if (!raw) return { reason: UNREADABLE };
  const type = raw.type as QuestionType;
  if (!request.types.includes(type)) return { reason: `生成了未要求的题型（${String(raw.type)}），已跳过` };
  const index = Number(raw.source) - 1;
  const source = passages[index];
  const points = typeof raw.points === 'number' && raw.points > 0 ? raw.points : DEFAULT_POINTS[type];
  const question: BankInput = {
    type,
    stem: String(raw.stem ?? '').trim(),
    ...(Array.isArray(raw.options) ? { options: raw.options.map(String) } : {}),
    ...(raw.answer !== undefined ? { answer: raw.answer as BankInput['answer'] } : {}),
    ...(Array.isArray(raw.rubric)
      ? {
          rubric: (raw.rubric as Array<{ criterion: unknown; points: unknown }>).map((r) => ({
            criterion: String(r.criterion ?? ''),
            points: Number(r.points),
          })),
        }
      : {}),
    points,
    tags: Array.isArray(raw.tags) ? raw.tags.map(String).slice(0, 10) : (request.tags ?? []),
    difficulty:
      Number.isInteger(raw.difficulty) && (raw.difficulty as number) >= 1 && (raw.difficulty as number) <= 5
        ? (raw.difficulty as number)
        : (request.difficulty ?? 3),
    explanation: String(raw.explanation ?? ''),
    ...(source ? { source: { kind: source.kind, id: source.id, title: source.title, excerpt: source.excerpt } } : {}),
  };
  try {
    checkQuestion(question, { survey: false });
  } catch (error) {
    return { reason: `有一道题不完整（${(error as Error).message}），已跳过` };
  }
  if (passages.length && !source) return { reason: '有一道题没有注明出自哪段材料，已跳过' };
  return { question };
}

export async function writeQuestions(
  ctx: ServerContext,
  user: AuthUser,
  request: WriteRequest,
  emit: (event: WriterEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  await requireTeacher(ctx, user.id, user.clientType, request.courseId);
  if (!request.lessonIds?.length && !request.datasetIds?.length && !request.topic?.trim()) throw badRequest('请选择课时、知识库或填写主题');
  await requireSafe(ctx, { text: request.topic ?? '', userId: user.id, source: 'evaluation' });
  const passages = await gatherSources(ctx, user, request);
  const model = await courseModelFor(ctx, request.courseId);
  const offline = request.types.filter((t): t is (typeof BUILTIN_TYPES)[number] => (BUILTIN_TYPES as readonly string[]).includes(t));
  const needModel = model ? [] : request.types.filter((t) => !(BUILTIN_TYPES as readonly string[]).includes(t));
  emit({ type: 'start', engine: model ? 'model' : 'builtin', sources: passages.map((p, i) => ({ index: i + 1, kind: p.kind, title: p.title })), needModel });

  if (!model) {
    if (needModel.length) emit({ type: 'notice', kind: 'model-needed', message: MODEL_NEEDED });
    if (offline.length && passages.length === 0) emit({ type: 'notice', kind: 'no-material', message: NO_MATERIAL });
    const drafts = offline.length && passages.length ? builtinDrafts(passages, offline, request.count) : [];
    for (const d of drafts) {
      const base = {
        stem: d.stem,
        tags: request.tags ?? [],
        difficulty: request.difficulty ?? 2,
        explanation: `原文：${d.sentence}`,
        source: { kind: d.source.kind, id: d.source.id, title: d.source.title, excerpt: d.sentence },
      };
      emit(
        d.type === 'blank'
          ? { type: 'draft', note: BUILTIN_BLANK_NOTE, question: { ...base, type: 'blank', answer: d.answer, points: DEFAULT_POINTS.blank } }
          : { type: 'draft', note: BUILTIN_JUDGE_NOTE, question: { ...base, type: 'judge', answer: d.answer, points: DEFAULT_POINTS.judge } },
      );
    }
    if (offline.length && passages.length && drafts.length < request.count)
      emit({ type: 'notice', kind: 'few-sentences', message: `原文中适合出题的完整句子不够，只生成了 ${drafts.length} 道` });
    emit({ type: 'done', count: drafts.length });
    return;
  }

  const objects = new JsonObjectSplitter();
  let count = 0;
  const take = (text: string) => {
    const result = draftFromObject(text, request, passages);
    if ('reason' in result) emit({ type: 'skipped', reason: result.reason });
    else if (count < request.count) {
      count += 1;
      emit({ type: 'draft', question: result.question });
    }
  };
  const stream = model.provider.stream({
    model: model.model.name,
    ...(model.version ? { version: model.version } : {}),
    messages: writerMessages(request, passages),
    temperature: 0.7,
    topP: 1,
    signal,
  });
  for await (const event of stream) {
    if (event.type === 'delta') for (const text of objects.push(event.text)) take(text);
  }
  if (objects.unfinished() !== null) emit({ type: 'skipped', reason: UNREADABLE });
  emit({ type: 'done', count });
}
