/// <reference types="mocha" />
// Components bring their own styles: an element's shadow root carries the
// CSS of every styled component it draws (a dialog opened later included),
// each sheet once, and exposes its base, header, body and actions parts.
import { expect, fixtureSync, waitUntil } from '@open-wc/testing'
import '../../../src/elements/knowledge/define'
import '../../../src/elements/mindmaps/define'
import '../../../src/elements/resources/define'
import { Dialogue, dialogueCss } from '../../../src/elements/chat/dialogue'
import { answerBodyCss } from '../../../src/elements/chat/answer-body'
import { composerCss } from '../../../src/elements/chat/composer'
import { popoverCss } from '../../../src/elements/chat/popover'
import { promptManagerCss } from '../../../src/elements/chat/prompt-manager'
import { ratingReasonCss } from '../../../src/elements/chat/rating-reason-dialog'
import { referencesCss } from '../../../src/elements/shared/chat/references'
import { referenceSourceCss } from '../../../src/elements/shared/knowledge/reference-source'
import { datasetPickerCss } from '../../../src/elements/shared/knowledge/dataset-picker'
import { redeemFormCss } from '../../../src/elements/shared/redeem-form'
import { checkListCss, kitCss } from '../../../src/elements/shared/ui'
import { CourseList, courseListCss } from '../../../src/elements/courses/course-list'
import { CourseShowcase } from '../../../src/elements/courses/course-showcase'
import { lessonReaderCss } from '../../../src/elements/courses/lesson-reader'
import { classManagerCss } from '../../../src/elements/courses/class-manager'
import { courseBaseCss } from '../../../src/elements/courses/styles'
import { courseEvaluationCss } from '../../../src/elements/shared/course-eval/styles'
import { chunksCss } from '../../../src/elements/knowledge/chunks-dialog'
import { searchTestCss } from '../../../src/elements/knowledge/search-test'
import { previewCss } from '../../../src/elements/resources/preview'
import { dialogsCss } from '../../../src/elements/shared/library/dialogs'
import { uploadPanelCss } from '../../../src/elements/shared/library/upload-panel'
import { styles } from '../../../src/elements/shared/styles'
import { envelope, fakeFetch, type FakeFetch } from '../support/fake-fetch'

const cssOf = (el: Element) =>
  el
    .shadowRoot!.adoptedStyleSheets.flatMap(sheet => [...sheet.cssRules])
    .map(rule => rule.cssText)
    .join('\n')
const firstSelector = (css: string) => {
  const sheet = new CSSStyleSheet()
  sheet.replaceSync(css)
  return (sheet.cssRules[0] as CSSStyleRule).selectorText
}

describe('components bring their own styles', function () {
  this.timeout(20_000)
  let server: FakeFetch | undefined
  afterEach(() => server?.restore())

  it('styles() keeps each sheet once, where it came first, and takes a styled component’s list', () => {
    const Inner = Object.assign(() => null, { styles: ['b', 'c'] })
    expect(styles('a', Inner, 'b', 'd')).to.deep.equal(['a', 'b', 'c', 'd'])
  })

  it('the libraries carry the CSS of the panels and dialogs they draw, and their parts', async () => {
    server = fakeFetch(request => {
      const path = new URL(request.url, location.href).pathname.replace('/new-chat/', '')
      if (path === 'course/resource/list') return envelope(200, { path: [], folders: [], tags: [], items: [] })
      if (path === 'course/ragDataset/list') return envelope(200, [])
      if (path === 'app/user/mindmaps') return envelope(200, [])
      return envelope(200, [])
    })
    const resources = fixtureSync('<zx-resource-library></zx-resource-library>')
    const knowledge = fixtureSync('<zx-knowledge-library></zx-knowledge-library>')
    const mindMap = fixtureSync('<zx-mind-map></zx-mind-map>')
    await waitUntil(() => resources.shadowRoot!.querySelector('[part~="header"]'), 'the resource library draws')
    await waitUntil(() => knowledge.shadowRoot!.querySelector('[part~="header"]'), 'the knowledge library draws')
    await waitUntil(() => mindMap.shadowRoot!.querySelector('[part~="header"]'), 'the mind map draws')

    const resourceCss = cssOf(resources)
    for (const css of [uploadPanelCss, dialogsCss, previewCss]) expect(resourceCss).to.contain(firstSelector(css))
    const knowledgeCss = cssOf(knowledge)
    for (const css of [uploadPanelCss, chunksCss, searchTestCss]) expect(knowledgeCss).to.contain(firstSelector(css))

    for (const el of [resources, knowledge, mindMap])
      for (const part of ['base', 'header', 'body', 'actions'])
        expect(el.shadowRoot!.querySelector(`[part~="${part}"]`), `${el.localName} has a ${part} part`).to.not.equal(null)
  })

  it('the dialogue gathers the CSS of every component it draws, down to a dialog opened later, each once, the kit first and its own last', () => {
    const sheets = (Dialogue as unknown as { styles: readonly string[] }).styles
    for (const css of [
      answerBodyCss,
      composerCss,
      popoverCss,
      promptManagerCss,
      ratingReasonCss,
      referencesCss,
      referenceSourceCss,
      datasetPickerCss,
      redeemFormCss,
    ])
      expect(sheets, firstSelector(css)).to.include(css)
    expect(new Set(sheets).size).to.equal(sheets.length)
    expect(sheets[0]).to.equal(kitCss)
    expect(sheets.at(-1)).to.equal(dialogueCss)
  })

  it('a course list carries what a course it opens draws, and the showcase its class dialogs', () => {
    const list = (CourseList as unknown as { styles: readonly string[] }).styles
    for (const css of [courseBaseCss, checkListCss, lessonReaderCss, classManagerCss, courseEvaluationCss]) expect(list, firstSelector(css)).to.include(css)
    expect(list.at(-1)).to.equal(courseListCss)
    expect((CourseShowcase as unknown as { styles: readonly string[] }).styles).to.include(classManagerCss)
  })
})
