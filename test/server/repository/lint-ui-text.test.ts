// eslint/ui-text.mjs: UI code writes no Chinese words or punctuation into the
// text it shows (an English reader got "Correct answer：B"); the catalogues
// and format.ts's helpers are where they live. One snippet per case.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ESLint } from 'eslint';
import { REPO_ROOT, repoPath } from '../../support/repo.js';

const eslint = new ESLint({ cwd: REPO_ROOT });

async function punctuationErrors(file: string, code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath: repoPath(file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'zhixue/ui-text').length;
}

describe('lint: no Chinese words or punctuation in UI code', () => {
  it('a colon in JSX text, brackets in a template, a list comma in a string: each an error', async () => {
    const head = 'declare const t: { a: string; b: string }\ndeclare const v: string[]\n';
    assert.equal(await punctuationErrors('src/elements/courses/x.tsx', `${head}export const a = <p>{t.a}：{t.b}</p>\n`), 1);
    assert.equal(
      await punctuationErrors('src/elements/courses/x.tsx', `${head}export const b = \`\${t.a}（\${t.b}）\`\n`),
      2,
      'each piece of text around the value',
    );
    assert.equal(await punctuationErrors('src/host-app/x.ts', `${head}export const c = v.join('、')\n`), 1);
    assert.equal(await punctuationErrors('src/elements/courses/x.tsx', `export const d = <button>保存</button>\n`), 1, 'a word');
  });

  it('a regular expression that reads typed separators, a comment, a catalogue and format.ts are fine', async () => {
    assert.equal(await punctuationErrors('src/elements/courses/x.ts', '// 标签：用、分隔\nexport const split = (s: string) => s.split(/[、,，;；]/u)\n'), 0);
    assert.equal(await punctuationErrors('src/i18n/courses/zh-CN.ts', "export const words = { teachers: '任课教师：{names}' }\n"), 0);
    assert.equal(await punctuationErrors('src/elements/shared/format.ts', "export const colon = (zh: boolean) => (zh ? '：' : ': ')\n"), 0);
  });
});
