/// <reference types="mocha" />
// Counted words in a translation take the form the language's plural rules
// pick (src/i18n/plural.ts): "1 point", not "1 pts"; Russian's three forms.
import { expect } from '@open-wc/testing'
import { fillCounted, pluralForms } from '../../../src/i18n/plural'

const QUESTIONS_RU = 'По этим правилам: {count, plural, one {# вопрос} few {# вопроса} many {# вопросов} other {# вопроса}}'

describe('plural forms', () => {
  it('English says one point and two points, and 1.5 points', () => {
    const text = '{points, plural, one {# point} other {# points}}'
    expect([1, 2, 0, 1.5].map(points => pluralForms(text, { points }, 'en-US'))).to.deep.equal(['1 point', '2 points', '0 points', '1.5 points'])
  })

  it('Russian picks one, few and many: 1 вопрос, 3 вопроса, 5 вопросов, 21 вопрос, 12 вопросов', () => {
    expect([1, 3, 5, 21, 12].map(count => pluralForms(QUESTIONS_RU, { count }, 'ru-RU').split(': ')[1])).to.deep.equal([
      '1 вопрос',
      '3 вопроса',
      '5 вопросов',
      '21 вопрос',
      '12 вопросов',
    ])
  })

  it('an exact number wins, other names in a form are filled, and a missing value leaves the text as written', () => {
    const text = '{count, plural, =0 {nothing for {name}} one {# file for {name}} other {# files for {name}}}'
    expect(fillCounted(text, { count: 0, name: 'Ann' }, 'en-US')).to.equal('nothing for Ann')
    expect(fillCounted(text, { count: 3, name: 'Ann' }, 'en-US')).to.equal('3 files for Ann')
    expect(pluralForms(text, {}, 'en-US')).to.equal(text)
    expect(fillCounted('{credits, plural, one {# credit} other {# credits}}', { credits: '1,000' }, 'en-US'), 'a formatted number').to.equal('1,000 credits')
  })
})
