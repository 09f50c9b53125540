// The fixed words of a question-bank file (server/modules/evaluation/bank-words.ts):
// the importer reads every language's words, so no word may mean two things in
// any pair of languages, and each language's written words read back as themselves.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SERVER_LOCALES } from '../../../server/i18n/locales.js';
import { translateMessage } from '../../../server/i18n/translate.js';
import {
  bankWordClashes,
  columnOf,
  fileColumns,
  headerIn,
  QUESTION_TYPES,
  truthIn,
  truthOf,
  typeIn,
  typeOf,
} from '../../../server/modules/evaluation/bank-words.js';

const HAN = /[\u4e00-\u9fff]/u;

test('no word of a bank file means two different things across the languages', () => {
  assert.deepEqual(bankWordClashes(), []);
});

test('what each language writes reads back as the same column, type and true/false, in any case and with spaces around', () => {
  for (const locale of SERVER_LOCALES) {
    for (const column of fileColumns(26)) {
      const header = headerIn(column, locale);
      assert.equal(columnOf(header), column, `${locale} ${header}`);
      assert.equal(columnOf(`  ${header.toUpperCase()} `), column, `${locale} ${header} upper-cased`);
    }
    for (const type of QUESTION_TYPES) assert.equal(typeOf(` ${typeIn(type, locale).toLowerCase()} `), type, `${locale} ${type}`);
    for (const value of [true, false]) assert.equal(truthOf(` ${truthIn(value, locale).toUpperCase()} `), value, `${locale} ${value}`);
  }
});

test('the words other than Chinese have no Chinese character, and the type names agree with the analysis export', () => {
  for (const locale of ['en-US', 'ko-KR', 'ru-RU'] as const) {
    const words = [
      ...fileColumns(26).map((c) => headerIn(c, locale)),
      ...QUESTION_TYPES.map((t) => typeIn(t, locale)),
      truthIn(true, locale),
      truthIn(false, locale),
    ];
    assert.deepEqual(
      words.filter((w) => HAN.test(w)),
      [],
      locale,
    );
  }
  // The analysis export's type column goes through the catalogue from the zh-CN name; a teacher sees one name for a type.
  for (const locale of SERVER_LOCALES) {
    for (const type of QUESTION_TYPES) assert.equal(typeIn(type, locale), translateMessage(typeIn(type, 'zh-CN'), locale), `${locale} ${type}`);
  }
});

test('words the importer has always read still read', () => {
  assert.equal(typeOf('论述题'), 'short');
  assert.equal(typeOf('practical'), 'practical');
  for (const word of ['对', '正确', '是', '√', 'T', 'TRUE', 'Y']) assert.equal(truthOf(word), true, word);
  for (const word of ['错', '错误', '否', '×', 'X', 'F', 'FALSE', 'N']) assert.equal(truthOf(word), false, word);
  for (const header of ['答案', '正确答案', '参考答案', '解析', '答案解析', '分数', '选项G', '选项H']) assert.ok(columnOf(header), header);
});
