/// <reference types="mocha" />
// The local prompt store (SPEC §3 promptStore): import and export JSON in the
// format prompt collections are shared in, from the store and the dialog,
// and `/` in the composer inserting a prompt.
import { expect, waitUntil } from '@open-wc/testing'
import { $prompts, addPrompt, exportPrompts, importPrompts, PromptError, updatePrompt } from '../../../src/stores/prompts'
import { $, $$, composer, DIALOGUE_USER, found, keydown, mountDialogue, reenterUser, typeInto, resetDialogueStores, useFakeChatServer } from './mount'
import { nth } from '../support/nth'

describe('prompt store', () => {
  beforeEach(() => resetDialogueStores())
  afterEach(() => resetDialogueStores())

  it('imports {key, value}, {title, content} and {act, prompt} lists, merging by title', () => {
    addPrompt({ key: '润色', value: '旧的内容' })
    const result = importPrompts(
      JSON.stringify([
        { key: '润色', value: '请润色下面的文字：' },
        { title: '出题', content: '请出 5 道题：' },
        { act: '面试官', prompt: '请你扮演面试官' },
        { key: '', value: '没有标题' },
        'not a prompt',
      ]),
    )
    expect(result).to.deep.equal({ added: 2, updated: 1, skipped: 2 })
    expect($prompts.get().map(p => p.key)).to.deep.equal(['润色', '出题', '面试官'])
    expect(nth($prompts.get(), 0, 'prompt').value).to.equal('请润色下面的文字：')
  })

  it('exports JSON that imports back to the same list, and keeps it across a reload without expiry', () => {
    addPrompt({ key: '教案', value: '请写一份教案：' })
    addPrompt({ key: '周记', value: '请写一份实习周记' })
    const json = exportPrompts()
    expect(JSON.parse(json)).to.deep.equal([
      { key: '周记', value: '请写一份实习周记' },
      { key: '教案', value: '请写一份教案：' },
    ])
    const stored = JSON.parse(localStorage.getItem(`promptStore:${DIALOGUE_USER}`)!)
    expect(stored.expire).to.equal(null)
    $prompts.set([])
    importPrompts(json)
    expect(JSON.parse(exportPrompts())).to.deep.equal(JSON.parse(json))
    reenterUser()
    expect($prompts.get()).to.have.length(2)
  })

  it('refuses invalid JSON, empty prompts and duplicate titles', () => {
    expect(() => importPrompts('{not json')).to.throw(PromptError)
    expect(() => importPrompts('{"a": 1}')).to.throw(PromptError)
    expect(() => addPrompt({ key: ' ', value: 'x' })).to.throw(PromptError)
    addPrompt({ key: 'A', value: '1' })
    addPrompt({ key: 'B', value: '2' })
    expect(() => addPrompt({ key: ' a ', value: '3' })).to.throw(PromptError)
    expect(() => updatePrompt('B', { key: 'A', value: '2' })).to.throw(PromptError)
    updatePrompt('B', { key: 'C', value: '22' })
    expect(
      $prompts.get().map(p => p.key),
      'new prompts go first',
    ).to.deep.equal(['C', 'A'])
  })
})

describe('<zx-dialogue> prompt library dialog and picker', () => {
  const server = useFakeChatServer()

  it('imports a JSON file and exports the list as a download', async () => {
    const el = mountDialogue()
    ;(await found(el, '[data-testid="open-prompt-store"]')).click()
    await found(el, '[data-testid="prompt-manager"]')
    const file = new File(
      [
        JSON.stringify([
          { key: '教案', value: '请写一份教案：' },
          { key: '出题', value: '请出题：' },
        ]),
      ],
      'prompts.json',
      { type: 'application/json' },
    )
    const input = $(el, '[data-testid="import-file"]') as HTMLInputElement
    const transfer = new DataTransfer()
    transfer.items.add(file)
    input.files = transfer.files
    input.dispatchEvent(new Event('change', { bubbles: true }))
    await waitUntil(() => $$(el, '[data-testid="prompt-row"]').length === 2, 'imported prompts not listed')

    const originalCreate = URL.createObjectURL
    const originalClick = HTMLAnchorElement.prototype.click
    let blob: Blob | undefined
    let downloadName = ''
    URL.createObjectURL = (object: Blob | MediaSource) => {
      blob = object as Blob
      return 'blob:test'
    }
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      downloadName = this.download
    }
    try {
      $(el, '[data-testid="export-prompts"]')!.click()
    } finally {
      URL.createObjectURL = originalCreate
      HTMLAnchorElement.prototype.click = originalClick
    }
    expect(downloadName).to.match(/\.json$/)
    expect(JSON.parse(await blob!.text())).to.deep.equal([
      { key: '教案', value: '请写一份教案：' },
      { key: '出题', value: '请出题：' },
    ])
  })

  it('adds a prompt in the dialog, then / in the composer lists it with the server templates and inserts it', async () => {
    const el = mountDialogue()
    ;(await found(el, '[data-testid="open-prompt-store"]')).click()
    ;(await found(el, '[data-testid="add-prompt"]')).click()
    await typeInto((await found(el, '[data-testid="prompt-title"]')) as HTMLInputElement, '实习周记')
    await typeInto($(el, '[data-testid="prompt-content"]') as HTMLTextAreaElement, '请帮我写本周的实习周记：')
    $(el, '[data-testid="save-prompt"]')!.click()
    await waitUntil(() => $$(el, '[data-testid="prompt-row"]').length === 1, 'prompt not added')
    el.shadowRoot!.querySelector('[data-testid="prompt-manager"]')!.dispatchEvent(new Event('zx:close'))
    await waitUntil(() => !$(el, '[data-testid="prompt-manager"]'), 'dialog did not close')

    const input = await composer(el)
    input.focus()
    await typeInto(input, '/')
    await waitUntil(() => $$(el, '[data-testid="prompt-option"]').length === 2, 'picker did not list the local prompt and the template')
    expect($$(el, '[data-testid="prompt-option"]').map(o => o.dataset.source)).to.deep.equal(['local', 'template'])
    keydown(input, { key: 'ArrowDown' })
    await waitUntil(() => $$(el, '[data-testid="prompt-option"]')[1]?.getAttribute('aria-selected') === 'true')
    // The message box stays a text box (a combobox role would hide that it takes free text); it points at the highlighted option.
    expect(input.getAttribute('role')).to.equal(null)
    expect(input.getAttribute('aria-activedescendant')).to.equal($$(el, '[data-testid="prompt-option"]')[1]!.id)
    keydown(input, { key: 'Enter' })
    await waitUntil(() => input.value === '请为以下课题写一份教案：', 'template not inserted')
    expect($(el, '[data-testid="prompt-picker"]')).to.equal(null)
    expect(server().completionBodies, 'Enter in the picker must not send').to.have.length(0)

    await typeInto(input, '/周记')
    await waitUntil(() => $$(el, '[data-testid="prompt-option"]').length === 1)
    keydown(input, { key: 'Enter' })
    await waitUntil(() => input.value === '请帮我写本周的实习周记：')
  })
})
