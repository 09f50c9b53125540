// The server answers in the client's language only for messages the catalogue
// knows; a new refusal added in Chinese and forgotten in the catalogue reaches
// an English or Russian user in Chinese. This scans the route and service
// source for every message the code raises (badRequest/notFound/… and
// `new ApiError(status, …)`, the toast of `ok(data, '…')`, and message
// constants) and checks each reads in en-US without a Chinese character left.
// Template literals (`第 ${n} 题：…`) are checked with a sample value in each
// `${…}`, the way translate.ts matches them against `{0}` templates.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { translateMessage } from '../../../server/i18n/translate.js';
import { REPO_ROOT } from '../../support/repo.js';

const SCANNED = ['server/modules', 'server/http', 'server/ai', 'server/workers'];
const HAN = /[\u4e00-\u9fff]/;
/**
 * Chinese constants that are not messages to the user: the instructions sent
 * to the language model and text saved into content, which stay zh-CN.
 */
const NOT_MESSAGES = new Set(['DEFAULT_SYSTEM_MESSAGE', 'SOCRATIC_PREAMBLE', 'MARKDOWN', 'BUILTIN_BLANK_NOTE', 'BUILTIN_JUDGE_NOTE', 'NOT_BUILT_PAGE']);
/** What stands in for a `${…}` value: digits translate as themselves. */
const SAMPLE = '7';
/** Marks a value glued to the start of a sentence (see readLiteral). */
const GLUED = '\u0000';

/** Reads in en-US: no Chinese left, with a glued start as a value or as a prefix left off. */
function readsInEnglish(text: string): boolean {
  const variants = text.startsWith(GLUED) ? [SAMPLE + text.slice(1), text.slice(1)] : [text];
  return variants.some((variant) => !HAN.test(translateMessage(variant, 'en-US')));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** Reads the string or template literal starting at `start`; `${…}` becomes SAMPLE. */
function readLiteral(src: string, start: number): { text: string; end: number } {
  const quote = src[start];
  let text = '';
  let i = start + 1;
  while (i < src.length && src[i] !== quote) {
    if (src[i] === '\\') {
      text += src[i + 1];
      i += 2;
    } else if (quote === '`' && src.startsWith('${', i)) {
      const atStart = i === start + 1;
      i = skipExpression(src, i + 2, '}');
      // A value glued to the start of the sentence is either a label
      // (`${what}不能为空`) or a prefix built on its own (`${at}题干不能为空`
      // with at = '第 3 题：', which has its own template, checked below).
      text += atStart && HAN.test(src[i] ?? '') ? GLUED : SAMPLE;
    } else {
      text += src[i++];
    }
  }
  return { text, end: i + 1 };
}

/** Index just past the bracket that closes an expression opened before `start`. */
function skipExpression(src: string, start: number, close: string): number {
  let depth = 0;
  let i = start;
  while (i < src.length) {
    const c = src[i];
    if (c === "'" || c === '"' || c === '`') {
      i = readLiteral(src, i).end;
      continue;
    }
    if (c === '(' || c === '{' || c === '[') depth++;
    else if (c === ')' || c === '}' || c === ']') {
      if (depth === 0) return c === close ? i + 1 : i + 1;
      depth--;
    }
    i++;
  }
  return i;
}

/**
 * The arguments of the call whose `(` is just before `start`, each as the
 * literals at its top level (a ternary's two messages, a template literal).
 */
function callArguments(src: string, start: number): string[][] {
  const args: string[][] = [[]];
  let depth = 0;
  let i = start;
  while (i < src.length) {
    const c = src[i];
    if (c === "'" || c === '"' || c === '`') {
      const literal = readLiteral(src, i);
      if (depth === 0) args[args.length - 1]!.push(literal.text);
      i = literal.end;
      continue;
    }
    if (c === '(' || c === '{' || c === '[') depth++;
    else if (c === ')' || c === '}' || c === ']') {
      if (depth === 0) break;
      depth--;
    } else if (c === ',' && depth === 0) args.push([]);
    i++;
  }
  return args;
}

/** Every message the server code can put in `msg`, with where it is raised. */
function raisedMessages(): Map<string, string> {
  const found = new Map<string, string>();
  const keep = (text: string, where: string) => {
    if (HAN.test(text) && !found.has(text)) found.set(text, where);
  };
  for (const dir of SCANNED) {
    for (const file of sourceFiles(join(REPO_ROOT, dir))) {
      const src = readFileSync(file, 'utf8');
      const where = relative(REPO_ROOT, file);
      for (const call of src.matchAll(
        /\b(badRequest|unauthorized|forbidden|notFound|payloadTooLarge|tooMany|conflict|ApiError|ProviderError|WorkerLimitError|ParseError|IndexFailure|ok)\(/g,
      )) {
        const name = call[1]!;
        const preceding = src.slice(Math.max(0, call.index - 12), call.index);
        // Errors whose message reaches a person: a refusal, a model's failure, a worker's limit, why a knowledge document could not be read.
        const constructed = ['ApiError', 'ProviderError', 'WorkerLimitError', 'ParseError', 'IndexFailure'].includes(name);
        if (constructed && !/new\s+$/.test(preceding)) continue;
        if (/(function|\.)\s*$/.test(preceding) && !constructed) continue;
        const args = callArguments(src, call.index + call[0].length);
        // A worker's limit error names the limit first, then says what happened (in a message it is part of).
        const message = name === 'ok' ? (args.length > 1 ? args[args.length - 1] : []) : name === 'ApiError' || name === 'WorkerLimitError' ? args[1] : args[0];
        for (const text of message ?? []) keep(text, where);
      }
      for (const constant of src.matchAll(/\bconst ([A-Z][A-Z0-9_]*)(?:: string)? = (['"`])/g)) {
        if (NOT_MESSAGES.has(constant[1]!)) continue;
        keep(readLiteral(src, constant.index + constant[0].length - 1).text, where);
      }
    }
  }
  return found;
}

test('every message the server raises reads in en-US (it is in the catalogue)', () => {
  const messages = raisedMessages();
  // The scan itself must see the code: a broken pattern would pass with nothing found.
  assert.ok(messages.size > 100, `only ${messages.size} messages found`);
  assert.ok(messages.has('用户名或密码错误'));
  assert.equal(translateMessage('第 3 题：题干不能为空', 'en-US'), 'Question 3: The question text must not be empty');
  const untranslated = [...messages].filter(([text]) => !readsInEnglish(text));
  assert.equal(
    untranslated.length,
    0,
    `${untranslated.length} of ${messages.size} messages are not in the catalogue:\n` +
      untranslated.map(([text, where]) => `${where}\t${text.replace(GLUED, '${…}')}`).join('\n'),
  );
});

/**
 * Every schema field title in the server code: the literal after `title:`, and
 * the first argument of each helper that takes the title first (found by its
 * `(title: string` parameter, e.g. `const Id = (title: string) => Type.String({ title, … })`).
 */
function schemaTitles(): Map<string, string> {
  const files = SCANNED.flatMap((dir) => sourceFiles(join(REPO_ROOT, dir))).map((file) => ({
    src: readFileSync(file, 'utf8'),
    where: relative(REPO_ROOT, file),
  }));
  const helpers = new Set<string>();
  for (const { src } of files) {
    for (const helper of src.matchAll(/\b(?:const\s+([A-Za-z_$][\w$]*)\s*=\s*|function\s+([A-Za-z_$][\w$]*)\s*)\(title: string\s*[,)]/g)) {
      helpers.add((helper[1] ?? helper[2])!);
    }
  }
  const found = new Map<string, string>();
  const keep = (text: string | undefined, where: string) => {
    if (text !== undefined && HAN.test(text) && !found.has(text)) found.set(text, where);
  };
  const helperCall = new RegExp(`\\b(?:${[...helpers].join('|')})\\(\\s*(?=['"\`])`, 'g');
  for (const { src, where } of files) {
    for (const title of src.matchAll(/\btitle:\s*(?=['"`])/g)) keep(readLiteral(src, title.index + title[0].length).text, where);
    if (helpers.size === 0) continue;
    for (const call of src.matchAll(helperCall)) keep(readLiteral(src, call.index + call[0].length).text, where);
  }
  return found;
}

test('every schema field title reads in en-US (it is in the catalogue)', () => {
  const titles = schemaTitles();
  // The scan itself must see the code: titles given directly and through a helper (`Count('本分片大小', 1)`),
  // some 250 different ones in close to 500 places.
  assert.ok(titles.size > 200, `only ${titles.size} titles found`);
  assert.ok(titles.has('本分片大小'));
  assert.ok(titles.has('文件校验值'));
  // A title is read alone and inside a validation sentence (`{0}（{1}）`, as validation-messages.ts words it).
  const untranslated = [...titles].filter(
    ([title]) => HAN.test(translateMessage(title, 'en-US')) || HAN.test(translateMessage(`缺少${title}（field）`, 'en-US')),
  );
  assert.equal(
    untranslated.length,
    0,
    `${untranslated.length} of ${titles.size} field titles are not in the catalogue:\n` + untranslated.map(([title, where]) => `${where}\t${title}`).join('\n'),
  );
});
