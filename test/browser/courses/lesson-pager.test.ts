// Turning the lesson with the pager's "next" link keeps that link "next".
// Preact matches an unkeyed child with any unkeyed sibling of the same type:
// when the first lesson's empty "previous" slot (a <span>) became a link, it
// took the "next" link's <a>, so the link a keyboard user had just pressed
// (still focused) turned into "previous" and Enter went back. React keeps it.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing'
import '../../../src/elements/courses/define'
import { sampleCourse, startFakeCourseServer, useFakeCourseServer } from './fake-course-server'

const query = <T extends Element = HTMLElement>(el: HTMLElement, selector: string) => el.shadowRoot!.querySelector<T>(selector)

describe('<zx-course-detail lesson-id> pager', () => {
  const fake = useFakeCourseServer()

  it('keeps the focused "next" link the next lesson\'s link after the lesson turns', async () => {
    fake.server.restore()
    fake.server = startFakeCourseServer(sampleCourse('student'))
    const holder = fixtureSync(html`<div></div>`)
    holder.innerHTML = '<zx-course-detail course-id="c1" lesson-id="l1" style="display:block;width:1100px"></zx-course-detail>'
    const el = holder.firstElementChild as HTMLElement
    await waitUntil(() => query(el, '[data-testid="next-lesson"]') && query(el, '[data-testid="lesson"]'), 'the first lesson shows')
    const next = query(el, '[data-testid="next-lesson"]')!
    next.focus()
    expect(el.shadowRoot!.activeElement).to.equal(next)
    // What the link does: the page moves to the next lesson.
    el.setAttribute('lesson-id', 'l2')
    await waitUntil(() => query(el, 'a[rel="prev"]') && query(el, '[data-testid="lesson"]'), 'the second lesson shows')
    const focused = el.shadowRoot!.activeElement as HTMLAnchorElement | null
    expect(focused?.getAttribute('rel'), 'the focused link still goes on').to.equal('next')
    expect(focused?.getAttribute('href')).to.contain('l3')
    expect(query(el, '[data-testid="next-lesson"]')).to.equal(next)
  })
})
