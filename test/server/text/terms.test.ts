// The index terms a passage and a question are matched by: Latin words and
// numbers lower-cased, every pair of neighbouring CJK characters, words of
// three or more CJK characters whole, mixed pieces split at the script change.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { queryTermsOf, termsOf } from '../../../server/text/terms.js';

describe('index terms', () => {
  it('lower-cases Latin words and numbers and keeps them whole', () => {
    const terms = termsOf('G01 表示直线插补，PLC 梯形图');
    for (const term of ['g01', 'plc']) assert.ok(terms.includes(term), `${term} in ${terms.join(' ')}`);
    assert.ok(!terms.some((term) => /[A-Z]/.test(term)), 'no upper case');
  });

  it('gives every pair of neighbouring CJK characters, across word boundaries but not across punctuation', () => {
    const terms = termsOf('直线插补，进给');
    for (const pair of ['直线', '线插', '插补', '进给']) assert.ok(terms.includes(pair), `${pair} in ${terms.join(' ')}`);
    assert.ok(!terms.includes('补进'), 'no pair spans the comma');
  });

  it('splits a mixed piece at the script change', () => {
    const terms = termsOf('M03指令');
    assert.ok(terms.includes('m03') && terms.includes('指令'), terms.join(' '));
  });

  it('reads radicals as the ideographs they stand for', () => {
    assert.ok(termsOf('入⻔').includes('入门'));
  });

  it('finds a question in the passage it was asked about', () => {
    const passage = new Set(termsOf('主轴转速用 S 指令设定，M03 表示主轴正转。'));
    const question = queryTermsOf('M03是什么指令？');
    assert.ok(question.length > 0 && question.every((term) => passage.has(term)), `${question.join(' ')} not all in the passage`);
  });
});
