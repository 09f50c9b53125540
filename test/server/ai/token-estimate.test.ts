// The token estimate that budgets a model's context and counts an answer's
// use when the provider reports none: one token per CJK character (kana,
// ideographs, Hangul), one per 3.5 other characters, rounded up.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { estimateTokens } from '../../../server/ai/tokens.js';

test('counts a CJK character as a token and other text at 3.5 characters a token', () => {
  assert.equal(estimateTokens(''), 0);
  assert.equal(estimateTokens('Echo: bench question'), Math.ceil(20 / 3.5));
  assert.equal(estimateTokens('数控机床'), 4);
  assert.equal(estimateTokens('ひらがな カタカナ'), 8 + 1);
  assert.equal(estimateTokens('한국어 학습'), 5 + 1);
  // Extension A and the compatibility block count; full-width punctuation does not.
  assert.equal(estimateTokens('㐀豈，'), 2 + 1);
  // A character outside the Basic Multilingual Plane is two UTF-16 units of other text.
  assert.equal(estimateTokens('😀'), 1);
  assert.equal(estimateTokens('G01 表示直线插补😀'), 6 + Math.ceil(6 / 3.5));
});

test('a long Chinese text counts every character', () => {
  const text = '液压系统由动力元件、执行元件、控制元件和辅助元件组成。'.repeat(2_000);
  const punctuation = 3 * 2_000; // 、、。 in each sentence
  assert.equal(estimateTokens(text), text.length - punctuation + Math.ceil(punctuation / 3.5));
});
