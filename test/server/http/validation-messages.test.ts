// A refused field is named by its title wherever the schema puts it (inside
// an array, on a branch of "a value or null"), and a union names the problem
// of the branch of the value's type, in the reader's language.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Type } from 'typebox';
import { Compile } from 'typebox/compile';
import { validationMessage, type SchemaError } from '../../../server/http/validation-messages.js';
import { translateMessage } from '../../../server/i18n/translate.js';

const Paper = Type.Object({
  timeLimitMinutes: Type.Optional(Type.Union([Type.Integer({ title: '限时（分钟）', minimum: 1, maximum: 600 }), Type.Null()])),
  mode: Type.Optional(Type.Union([Type.Literal('exam'), Type.Literal('practice')], { title: '测评方式' })),
  questions: Type.Array(Type.Object({ stem: Type.String({ title: '题干', minLength: 1 }) })),
  tags: Type.Optional(Type.Array(Type.String(), { title: '知识点', minItems: 1, maxItems: 2 })),
});
const paper = Compile(Paper);

function refusal(value: unknown, locale: 'zh-CN' | 'en-US' = 'zh-CN'): string {
  assert.equal(paper.Check(value), false, 'the value should be refused');
  return translateMessage(validationMessage(paper.Errors(value) as unknown as SchemaError[], 'body', Paper), locale);
}

test('a nullable field names itself and says what is wrong with the value', () => {
  assert.equal(refusal({ timeLimitMinutes: 0, questions: [] }), '限时（分钟）（timeLimitMinutes）不能小于 1');
  assert.equal(refusal({ timeLimitMinutes: 0, questions: [] }, 'en-US'), 'Time limit (minutes) (timeLimitMinutes) must not be less than 1');
});

test('a field inside an array of objects is named by its title', () => {
  assert.equal(refusal({ questions: [{ stem: 'a' }, { stem: '' }] }), '题干（questions.1.stem）不能为空');
});

test('a choice between values still says the value is not one of them', () => {
  assert.equal(refusal({ mode: 'quiz', questions: [] }), '测评方式（mode）的取值不在允许范围内');
});

test('a field without a title is named by its path, as a sentence starts in English', () => {
  const Untitled = Type.Object({ size: Type.Integer({ minimum: 1 }) });
  const errors = Compile(Untitled).Errors({ size: 0 }) as unknown as SchemaError[];
  assert.equal(translateMessage(validationMessage(errors, 'body', Untitled), 'en-US'), 'Field size must not be less than 1');
});

test('a list with too many or too few items says how many it may hold', () => {
  assert.equal(refusal({ questions: [], tags: ['a', 'b', 'c'] }), '知识点（tags）最多 2 项');
  assert.equal(refusal({ questions: [], tags: ['a', 'b', 'c'] }, 'en-US'), 'Knowledge point (tags) may hold at most 2 items');
  assert.equal(refusal({ questions: [], tags: [] }, 'en-US'), 'Knowledge point (tags) needs at least 1 item(s)');
});
