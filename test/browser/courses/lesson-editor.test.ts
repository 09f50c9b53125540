import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing'
import { sendKeys, setViewport } from '@web/test-runner-commands'
import '../../../src/elements/courses/define'
import { $toasts } from '../../../src/stores/toasts'
import { useFakeCourseServer } from './fake-course-server'

// CodeMirror is imported only once the editor is open (the first test checks
// that the courses page does not load it before), so the view is found then.
type View = import('@codemirror/view').EditorView

const shadow = (el: HTMLElement) => el.shadowRoot!
const query = <T extends Element = HTMLElement>(el: HTMLElement, selector: string) => shadow(el).querySelector<T>(selector)
// The browser keeps 250 resource entries by default; unbundled test pages load more.
performance.setResourceTimingBufferSize(5000)
const loadedCodeMirror = () => performance.getEntriesByType('resource').some(r => /codemirror/i.test(r.name))

async function openEditor(): Promise<{ el: HTMLElement; view: View }> {
  const el = fixtureSync(html`<div></div>`)
  el.innerHTML = `<zx-course-detail course-id="c1" style="display:block;width:1280px"></zx-course-detail>`
  const detail = el.firstElementChild as HTMLElement
  await waitUntil(() => query(detail, '[data-testid="edit-lesson-button"]'), 'the outline editor shows')
  query<HTMLButtonElement>(detail, '[data-testid="edit-lesson-button"]')!.click()
  const editorDom = await waitUntil(() => query(detail, '.cm-editor'), 'the text editor loads', { timeout: 8000 }).then(() => query(detail, '.cm-editor')!)
  const { EditorView } = await import('@codemirror/view')
  return { el: detail, view: EditorView.findFromDOM(editorDom)! }
}

const preview = (el: HTMLElement) => query(el, '[data-testid="lesson-preview"]')!
const select = (view: View, word: string) => {
  const at = view.state.doc.toString().indexOf(word)
  view.dispatch({ selection: { anchor: at, head: at + word.length } })
}
const toEnd = (view: View) => view.dispatch({ selection: { anchor: view.state.doc.length } })
/** A shortcut as a person presses it (Puppeteer takes the modifier down, the key, the modifier up). */
async function ctrl(key: string) {
  await sendKeys({ down: 'Control' })
  await sendKeys({ press: key })
  await sendKeys({ up: 'Control' })
}
const tool = (el: HTMLElement, id: string) => query<HTMLButtonElement>(el, `[data-testid="${id}"]`)!

describe('lesson editor (toolbar, preview beside the text, images by paste)', () => {
  const fake = useFakeCourseServer()

  it('loads the editor library only when a lesson is opened, with the lesson text unchanged', async () => {
    const el = fixtureSync(html`<div></div>`)
    el.innerHTML = `<zx-course-detail course-id="c1"></zx-course-detail>`
    await waitUntil(() => query(el.firstElementChild as HTMLElement, '[data-testid="outline-editor"]'), 'the outline shows')
    expect(loadedCodeMirror()).to.equal(false, 'not on the outline page')
    const { view } = await openEditor()
    expect(loadedCodeMirror()).to.equal(true)
    expect(view.state.doc.toString()).to.equal('## 对刀\n\n先回零，再试切。')
  })

  it('shows the preview beside the text on a wide screen', async () => {
    const { el } = await openEditor()
    const source = query(el, '.ce-source')!.getBoundingClientRect()
    const shown = preview(el).getBoundingClientRect()
    expect(shown.left).to.be.at.least(source.right - 1, 'side by side')
    expect(Math.abs(shown.top - source.top)).to.be.below(2)
    expect(source.width).to.be.greaterThan(300)
    expect(query(el, '.ce-mode')!.getBoundingClientRect().width).to.equal(0, 'no write/preview switch needed')
  })

  it('switches between the text and the preview on a phone', async () => {
    await setViewport({ width: 375, height: 812 })
    try {
      const { el } = await openEditor()
      const visible = (selector: string) => query(el, selector)!.getBoundingClientRect().width > 0
      await waitUntil(() => visible('.ce-mode'), 'the write/preview switch shows')
      expect(visible('.ce-source')).to.equal(true)
      expect(visible('[data-testid="lesson-preview"]')).to.equal(false)
      query<HTMLButtonElement>(el, '[data-testid="preview-toggle"]')!.click()
      await waitUntil(() => visible('[data-testid="lesson-preview"]'), 'the preview shows')
      expect(visible('.ce-source')).to.equal(false)
    } finally {
      await setViewport({ width: 1280, height: 800 })
    }
  })

  it('bold wraps the selected words in ** **, the preview shows them bold, and the lesson saves as markdown', async () => {
    const { el, view } = await openEditor()
    select(view, '先回零')
    tool(el, 'tool-bold').click()
    expect(view.state.doc.toString()).to.equal('## 对刀\n\n**先回零**，再试切。')
    await waitUntil(() => preview(el).querySelector('strong')?.textContent === '先回零', 'the preview shows it bold')
    query<HTMLButtonElement>(el, '[data-testid="save-lesson"]')!.click()
    await waitUntil(() => fake.server.lessonSaves().length === 1, 'the lesson is saved')
    expect(fake.server.lessonSaves()[0]!.content).to.equal('## 对刀\n\n**先回零**，再试切。')
  })

  it('Ctrl+B and Ctrl+I format from the keyboard, Ctrl+Z takes it back', async () => {
    const { view } = await openEditor()
    view.focus()
    select(view, '再试切')
    await ctrl('b')
    expect(view.state.doc.toString()).to.equal('## 对刀\n\n先回零，**再试切**。')
    await ctrl('i')
    expect(view.state.doc.toString()).to.equal('## 对刀\n\n先回零，***再试切***。')
    await ctrl('z')
    await ctrl('z')
    expect(view.state.doc.toString()).to.equal('## 对刀\n\n先回零，再试切。')
  })

  it('inserts a table on lines of its own, shown as a table in the preview', async () => {
    const { el, view } = await openEditor()
    toEnd(view)
    tool(el, 'tool-table').click()
    expect(view.state.doc.toString()).to.equal('## 对刀\n\n先回零，再试切。\n\n| 列 1 | 列 2 | 列 3 |\n| --- | --- | --- |\n|  |  |  |\n|  |  |  |\n')
    // the first header cell is selected, ready to be typed over
    expect(view.state.sliceDoc(view.state.selection.main.from, view.state.selection.main.to)).to.equal('列 1')
    await waitUntil(() => preview(el).querySelectorAll('table th').length === 3, 'the preview shows the table')
    expect(preview(el).querySelectorAll('table tbody tr').length).to.equal(2)
  })

  it('pasting an image uploads it and inserts ![](url) where the cursor was', async () => {
    const { el, view } = await openEditor()
    toEnd(view)
    const data = new DataTransfer()
    data.items.add(new File([new Uint8Array([137, 80, 78, 71])], '机床.png', { type: 'image/png' }))
    view.contentDOM.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
    await waitUntil(() => view.state.doc.toString().includes('![机床.png](/new-chat/app/api/file/f1)'), 'the uploaded image is inserted')
    expect(view.state.doc.toString()).to.equal('## 对刀\n\n先回零，再试切。![机床.png](/new-chat/app/api/file/f1)\n')
    const upload = fake.server.requests.find(r => r.method === 'POST' && r.url.includes('app/api/file/upload'))!
    expect(((upload.body as FormData).get('file') as File).name).to.equal('机床.png')
    await waitUntil(() => preview(el).querySelector('img')?.getAttribute('src') === '/new-chat/app/api/file/f1', 'the preview shows the image')
  })

  it('dropping images uploads each and inserts them where they were dropped', async () => {
    const { el, view } = await openEditor()
    const data = new DataTransfer()
    data.items.add(new File([new Uint8Array([137, 80, 78, 71])], '刀具.png', { type: 'image/png' }))
    data.items.add(new File([new Uint8Array([255, 216, 255])], '工件.jpg', { type: 'image/jpeg' }))
    // dropped at the very start of the text
    const start = view.coordsAtPos(0)!
    view.contentDOM.dispatchEvent(
      new DragEvent('drop', { dataTransfer: data, clientX: start.left, clientY: (start.top + start.bottom) / 2, bubbles: true, cancelable: true }),
    )
    await waitUntil(() => view.state.doc.toString().includes('](/new-chat/app/api/file/f2)'), 'both images are inserted')
    expect(view.state.doc.toString()).to.equal('![刀具.png](/new-chat/app/api/file/f1)\n![工件.jpg](/new-chat/app/api/file/f2)\n## 对刀\n\n先回零，再试切。')
    await waitUntil(() => preview(el).querySelectorAll('img').length === 2, 'the preview shows both')
  })

  it('an image that fails to upload leaves no placeholder behind and says which one failed', async () => {
    const { el, view } = await openEditor()
    toEnd(view)
    const data = new DataTransfer()
    data.items.add(new File([new Uint8Array([1, 2, 3])], 'broken.png', { type: 'image/png' }))
    view.contentDOM.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
    await waitUntil(() => $toasts.get().some(t => t.message === '图片“broken.png”上传失败，请重试'), 'the failure is named')
    expect(view.state.doc.toString()).to.equal('## 对刀\n\n先回零，再试切。')
    await waitUntil(() => !query<HTMLButtonElement>(el, '[data-testid="save-lesson"]')!.disabled, 'the lesson can be saved again')
  })

  it('the preview renders math and tip blocks as students see them', async () => {
    const { el, view } = await openEditor()
    toEnd(view)
    view.dispatch({ changes: { from: view.state.doc.length, insert: '\n\n切削速度 v=\\pi d n' } })
    select(view, '\\pi d n')
    expect(view.state.sliceDoc(view.state.selection.main.from, view.state.selection.main.to)).to.equal('\\pi d n')
    tool(el, 'tool-math').click()
    expect(view.state.doc.toString()).to.contain('v=$\\pi d n$')
    await waitUntil(() => preview(el).querySelector('.katex'), 'KaTeX renders the formula', { timeout: 8000 })
    toEnd(view)
    tool(el, 'tool-tip').click()
    expect(view.state.doc.toString()).to.match(/\n\n::: tip\n提示内容\n:::\n$/)
    await waitUntil(() => /提示/.test(preview(el).querySelector('.zx-md-tip, [class*="tip"]')?.textContent ?? ''), 'the tip block shows with its title')
  })
})
