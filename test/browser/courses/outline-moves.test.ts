import { expect } from '@open-wc/testing'
import { moveChapter, moveLesson, sameOrder, stepLesson } from '../../../src/elements/courses/outline-moves'
import { sampleCourse } from './fake-course-server'

const order = (chapters: ReturnType<typeof sampleCourse>['chapters']) => chapters.map(c => `${c.id}:${c.lessons.map(l => l.id).join(',')}`)

describe('outline moves (drag and drop and the up/down buttons)', () => {
  const { chapters } = sampleCourse()

  it('moves a chapter to another place', () => {
    expect(order(moveChapter(chapters, 'ch2', 0))).to.deep.equal(['ch2:l3', 'ch1:l1,l2'])
    expect(order(moveChapter(chapters, 'ch1', 5))).to.deep.equal(['ch2:l3', 'ch1:l1,l2'], 'past the end goes last')
  })

  it('moves a lesson within and across chapters', () => {
    expect(order(moveLesson(chapters, 'l2', 'ch1', 0))).to.deep.equal(['ch1:l2,l1', 'ch2:l3'])
    expect(order(moveLesson(chapters, 'l1', 'ch2', 1))).to.deep.equal(['ch1:l2', 'ch2:l3,l1'])
  })

  it('steps a lesson over a chapter edge, and not past the outline ends', () => {
    expect(order(stepLesson(chapters, 'l2', 1))).to.deep.equal(['ch1:l1', 'ch2:l2,l3'], 'down from the last lesson: first of the next chapter')
    expect(order(stepLesson(chapters, 'l3', -1))).to.deep.equal(['ch1:l1,l2,l3', 'ch2:'], 'up from the first lesson: last of the previous chapter')
    expect(sameOrder(stepLesson(chapters, 'l1', -1), chapters)).to.equal(true)
    expect(sameOrder(stepLesson(chapters, 'l3', 1), chapters)).to.equal(true)
  })

  it('leaves the input untouched', () => {
    const before = order(chapters)
    moveLesson(chapters, 'l1', 'ch2', 0)
    moveChapter(chapters, 'ch2', 0)
    expect(order(chapters)).to.deep.equal(before)
  })
})
