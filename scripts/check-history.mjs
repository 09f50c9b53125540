// The repository describes what the product does, not how its work went:
// no tracker issue numbers, work sessions or rounds, dates of work or commit
// hashes in the README, the docs, source comments or test names. History
// belongs in git (docs/development.md, "Repository checks").
//
// `node scripts/check-history.mjs` prints every finding as FILE:LINE: TEXT and
// exits 1 when there is one. Code is read with the TypeScript compiler, so
// only comments and the names given to test(), it(), describe() and suite()
// are checked there; a string the product shows or a test's data may hold a
// date or a hexadecimal number.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Folders and files read; everything generated or installed stays out. */
const SOURCES = ['README.md', 'docs', 'server', 'src', 'shared', 'test', 'bench', 'scripts', 'eslint', 'demo', '.ci'];
const ROOT_FILES = /^[^/]+\.(mjs|js|ts)$/u;
const SKIP = new Set(['node_modules', 'dist', 'dist-tests', 'data', '.tmp', 'coverage']);
const CODE = new Set(['.ts', '.tsx', '.mts', '.mjs', '.js', '.cjs']);

const MONTH = '(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)';
const ORDINAL = '(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|\\d+(?:st|nd|rd|th))';

/** What history looks like, each with the reason shown when it is found. */
export const HISTORY = [
  { pattern: /\bissues? ?#?\d+/iu, reason: 'a tracker issue number: describe the behaviour or link a docs page' },
  { pattern: new RegExp(`\\b${ORDINAL}[- ](?:work )?(?:session|round)s?\\b`, 'iu'), reason: 'a work session or round' },
  {
    pattern: /\b(?:this|earlier|previous|that) (?:work )?round\b|\bsession's (?:start|changes|last code)\b|\b(?:earlier|previous) sessions\b/iu,
    reason: 'a work session or round',
  },
  { pattern: new RegExp(`\\b\\d{1,2} ${MONTH}\\b|\\b${MONTH} \\d{1,2}(?:st|nd|rd|th)?\\b(?!\\s*(?:students|people))`, 'u'), reason: 'a date' },
  { pattern: /\b20\d\d-[01]\d-[0-3]\d\b/u, reason: 'a date' },
  { pattern: /`[0-9a-f]{7,40}`|\([0-9a-f]{7,12}\)|\b(?:since|at|in|commit|before|after|from) [0-9a-f]{7,40}\b/u, reason: 'a commit hash' },
];

/** The history found in one piece of prose: [{reason, match}]. */
export function findHistory(text) {
  const found = [];
  for (const { pattern, reason } of HISTORY) {
    const match = pattern.exec(text);
    // A commit hash mixes digits and letters: a word of letters or a number (`12345678`, a password) is not one.
    if (match && !(reason === 'a commit hash' && !(/[0-9]/u.test(match[0]) && /[a-f]/u.test(match[0])))) found.push({ reason, match: match[0] });
  }
  return found;
}

/** The comments of a code file and the names of its tests: [{line, text}]. */
export function proseOfCode(fileName, text) {
  const kind = fileName.endsWith('x') ? ts.ScriptKind.TSX : fileName.endsWith('.ts') || fileName.endsWith('.mts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const pieces = [];
  const seen = new Set();
  const lineOf = (pos) => source.getLineAndCharacterOfPosition(pos).line + 1;
  const comment = (pos, end) => {
    if (seen.has(pos)) return;
    seen.add(pos);
    pieces.push({ line: lineOf(pos), text: text.slice(pos, end) });
  };
  const visit = (node) => {
    ts.forEachLeadingCommentRange(text, node.pos, comment);
    ts.forEachTrailingCommentRange(text, node.end, comment);
    if (ts.isCallExpression(node) && isTestCall(node.expression) && node.arguments.length > 0) {
      const name = node.arguments[0];
      if (ts.isStringLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name) || ts.isTemplateExpression(name)) {
        pieces.push({ line: lineOf(name.getStart(source)), text: name.getText(source) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  ts.forEachLeadingCommentRange(text, source.endOfFileToken.pos, comment);
  return pieces;
}

const TEST_FUNCTIONS = new Set(['test', 'it', 'describe', 'suite']);

/** test(…), it.only(…), t.test(…), describe.skip(…). */
function isTestCall(callee) {
  if (ts.isIdentifier(callee)) return TEST_FUNCTIONS.has(callee.text);
  if (!ts.isPropertyAccessExpression(callee)) return false;
  if (TEST_FUNCTIONS.has(callee.name.text)) return true;
  return ts.isIdentifier(callee.expression) && TEST_FUNCTIONS.has(callee.expression.text);
}

/** `#` comments of a shell script, one per line. */
function proseOfShell(text) {
  return text
    .split('\n')
    .map((line, index) => ({ line: index + 1, text: line.slice(line.indexOf('#') + 1), has: /(^|\s)#/u.test(line) }))
    .filter((piece) => piece.has);
}

/** Every line of prose. */
function proseOfText(text) {
  return text.split('\n').map((line, index) => ({ line: index + 1, text: line }));
}

/** The comments of an HTML page, one piece per line (the page's own text is an example school's). */
function proseOfHtml(text) {
  const pieces = [];
  for (const match of text.matchAll(/<!--[\s\S]*?-->/gu)) {
    const first = text.slice(0, match.index).split('\n').length;
    match[0].split('\n').forEach((line, index) => pieces.push({ line: first + index, text: line }));
  }
  return pieces;
}

function* filesUnder(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isFile()) {
    yield path;
    return;
  }
  for (const entry of readdirSync(path).sort()) {
    if (SKIP.has(entry)) continue;
    yield* filesUnder(join(path, entry));
  }
}

function proseOf(file, text) {
  const ext = extname(file);
  if (CODE.has(ext) && !file.endsWith('.d.ts')) return proseOfCode(file, text);
  if (ext === '.sh' || file.endsWith('/.ci/run')) return proseOfShell(text);
  if (ext === '.md') return proseOfText(text);
  if (ext === '.html') return proseOfHtml(text);
  return [];
}

/** Every finding in the repository: [{file, line, reason, match}]. */
export function checkRepository(root = ROOT) {
  const roots = [
    ...SOURCES.map((name) => join(root, name)),
    ...readdirSync(root)
      .filter((name) => ROOT_FILES.test(name))
      .map((name) => join(root, name)),
  ];
  const findings = [];
  for (const start of roots) {
    for (const file of filesUnder(start)) {
      const text = readFileSync(file, 'utf8');
      for (const piece of proseOf(file, text)) {
        for (const { reason, match } of findHistory(piece.text)) {
          findings.push({ file: relative(root, file), line: piece.line, reason, match });
        }
      }
    }
  }
  return findings;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const findings = checkRepository();
  for (const { file, line, reason, match } of findings) console.error(`${file}:${line}: ${reason} ("${match}")`);
  if (findings.length > 0) {
    console.error(`\n${findings.length} place(s) narrate the project's history; say what the code does instead.`);
    process.exit(1);
  }
  console.log('history check: no issue numbers, sessions, dates of work or commit hashes');
}
