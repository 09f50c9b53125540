import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { topicTerms, topTopics } from '../../../server/modules/courses/topics.js';

describe('course board topics', () => {
  it('finds domain terms that ICU splits into single characters', () => {
    assert.deepEqual([...topicTerms('数控车床的对刀怎么做？')].sort(), ['对刀', '数控', '车床'].sort());
    assert.deepEqual([...topicTerms('请解释一下数控编程中的G01指令')].sort(), ['G01', '指令', '数控', '编程'].sort());
  });

  it('drops question frames, stop words, numbers and punctuation', () => {
    assert.deepEqual([...topicTerms('什么是为什么？怎么办！123')], []);
    assert.deepEqual([...topicTerms('What is a PLC?')], ['PLC']);
  });

  it('counts a term once per question and ranks by how many questions ask it', () => {
    const top = topTopics(['对刀对刀对刀', '怎么对刀', '数控车床', 'PLC 和 plc'], 4);
    assert.deepEqual(top[0], { term: '对刀', count: 2 });
    assert.deepEqual(
      top
        .slice(1)
        .map((t) => [t.term, t.count])
        .sort(),
      [
        ['PLC', 1],
        ['数控', 1],
        ['车床', 1],
      ],
    );
    assert.deepEqual(topTopics(['对刀', '对刀', '数控'], 1), [{ term: '对刀', count: 2 }], 'limit keeps the most asked');
  });
});
