// A record's summary ("title=高等数学, kind=quiz, classIds(3)", summary.ts)
// as a manager reads it, in their language: each field by the title its
// route's schema gives it, a few known codes by name, people's words as
// they are ("标题：高等数学；类型：测验；班级（3）", "Title: 高等数学; Type: Quiz;
// Classes (3)"). The stored summary stays as written, so the hash chain holds.
import type { FastifySchema } from 'fastify';
import { fillTemplate, translateMessage } from '../../i18n/translate.js';
import type { ServerLocale } from '../../i18n/locales.js';

/** Keys whose title differs from route to route: one plain word for all. */
const COMMON_TITLES: Readonly<Record<string, string>> = {
  id: '编号',
  name: '名称',
  title: '标题',
  status: '状态',
  kind: '类型',
  type: '类型',
  description: '描述',
  clientType: '身份',
  clientTypes: '身份',
  defaultClientType: '身份',
};

/** Values a summary may show that are codes, not people's words. */
const VALUE_NAMES: Readonly<Record<string, string>> = {
  true: '是',
  false: '否',
  published: '已发布',
  draft: '草稿',
  closed: '已关闭',
  archived: '已归档',
  private: '仅自己',
  school: '全校',
  public: '公开',
  quiz: '测验',
  exam: '考试',
  homework: '作业',
  inquiry: '探究',
  form: '表单应用',
};
const CLIENT_TYPE_NAMES: Readonly<Record<string, string>> = { '1': '教师', '2': '管理者', '3': '学生' };
const CLIENT_TYPE_KEYS = new Set(['clientType', 'defaultClientType', 'clientTypes']);

/** Field titles of every route's body, learnt as the routes are added. */
const learnt = new Map<string, string>();

type SchemaNode = { title?: unknown; properties?: Record<string, SchemaNode>; anyOf?: SchemaNode[]; oneOf?: SchemaNode[] };

function learn(node: SchemaNode | undefined): void {
  if (!node || typeof node !== 'object') return;
  for (const [key, field] of Object.entries(node.properties ?? {})) {
    if (!learnt.has(key) && typeof field?.title === 'string' && field.title) learnt.set(key, field.title);
  }
  for (const branch of [...(node.anyOf ?? []), ...(node.oneOf ?? [])]) learn(branch);
}

/** onRoute: remembers the titles of a route's body fields. */
export function learnFieldTitles(schema: FastifySchema | undefined): void {
  learn(schema?.body as SchemaNode | undefined);
}

function fieldTitle(key: string): string | undefined {
  return COMMON_TITLES[key] ?? learnt.get(key);
}

function valueText(key: string, value: string, locale: ServerLocale): string {
  const code = CLIENT_TYPE_KEYS.has(key) ? value.split(',').map((v) => CLIENT_TYPE_NAMES[v] ?? v) : [VALUE_NAMES[value] ?? value];
  return code.map((word) => (word === value ? value : translateMessage(word, locale))).join(', ');
}

/** One part: `key=value`, `key(3)`, `key` or `+2`. */
const PART = /^(?:\+(\d+)|([\w.-]+)(?:=(.*)|\((\d+)\))?)$/su;

/**
 * The summary in `locale`. Parts are split where ", " starts a new field
 * name (one a route names, when a value comes before it); a part it cannot
 * read stays as recorded.
 */
export function readableSummary(summary: string, locale: ServerLocale): string {
  if (!summary) return summary;
  const parts: string[] = [];
  for (const piece of summary.split(/, (?=\+\d+$|[\w.-]+(?:=|\(\d+\)(?:, |$)|, |$))/u)) {
    // A bare word no route names after a value is the rest of that value ("title=A, B").
    const previous = parts.at(-1);
    if (previous?.includes('=') && /^[\w.-]+$/u.test(piece) && !fieldTitle(piece)) parts[parts.length - 1] = `${previous}, ${piece}`;
    else parts.push(piece);
  }
  const shown = parts.map((part) => {
    const match = PART.exec(part);
    if (!match) return part;
    const [, more, key = '', value, count] = match;
    if (more) return fillTemplate('另有 {0} 项', [more], locale);
    const title = fieldTitle(key);
    const name = title ? translateMessage(title, locale) : key;
    if (value !== undefined) return fillTemplate('{0}：{1}', [name, valueText(key, value, locale)], locale);
    if (count !== undefined) return fillTemplate('{0}（{1}）', [name, count], locale);
    return name;
  });
  return shown.reduce((joined, part) => fillTemplate('{0}；{1}', [joined, part], locale));
}
