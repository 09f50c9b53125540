/// <reference types="mocha" />
// Keyboard: a modal keeps Tab inside itself, Escape closes it, and
// focus goes back to the button that opened it (real key presses, so the
// browser's own Tab order is what is tested).
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing'
import { sendKeys } from '@web/test-runner-commands'
import '../../../src/elements/shared/define'
import { deepActiveElement } from '../../../src/elements/shared/focus-trap'
import { Modal } from '../../../src/elements/shared/ui'
import { createRoot } from 'react-dom/client'

const pause = () => new Promise(resolve => setTimeout(resolve, 30))

function mount() {
  const page = fixtureSync(html`
    <div>
      <button id="before">page before</button>
      <button id="opener">open</button>
      <zx-dialog heading="编辑">
        <input id="first" />
        <input id="second" />
      </zx-dialog>
      <button id="after">page after</button>
    </div>
  `) as HTMLElement
  const dialog = page.querySelector('zx-dialog') as HTMLElement
  const opener = page.querySelector<HTMLButtonElement>('#opener')!
  let closes = 0
  dialog.addEventListener('zx:close', () => {
    closes += 1
    dialog.removeAttribute('open')
  })
  opener.addEventListener('click', () => dialog.setAttribute('open', ''))
  return { page, dialog, opener, closes: () => closes }
}

describe('<zx-dialog> focus', () => {
  it('a kit Modal hears Escape from the moment it shows', async () => {
    const host = fixtureSync(html`<div></div>`) as HTMLElement
    const root = createRoot(host)
    let closes = 0
    try {
      root.render(
        <Modal heading="删除" onClose={() => (closes += 1)}>
          <button>好</button>
        </Modal>,
      )
      const dialog = () => host.querySelector('zx-dialog')
      while (!dialog()?.shadowRoot?.querySelector('.panel')) await new Promise(resolve => setTimeout(resolve, 0))
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }))
      expect(closes, 'onClose ran').to.equal(1)
    } finally {
      root.unmount()
    }
  })

  it('answers Escape from the moment it shows (a quick key press is not lost)', async () => {
    const { dialog, opener, closes } = mount()
    opener.click()
    // As soon as the panel is on the page, before any frame has passed.
    while (!dialog.shadowRoot?.querySelector('.panel')) await new Promise(resolve => setTimeout(resolve, 0))
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }))
    expect(closes(), 'Escape closed the dialog').to.equal(1)
    expect(deepActiveElement()?.id, 'focus was already inside').to.equal('first')
  })

  it('keeps Tab and Shift+Tab inside the dialog, whichever way round', async () => {
    const { dialog, opener } = mount()
    opener.focus()
    opener.click()
    await waitUntil(() => deepActiveElement()?.id === 'first', 'focus did not move into the dialog')
    const close = dialog.shadowRoot!.querySelector<HTMLElement>('.close')!
    const seen: string[] = []
    for (let i = 0; i < 5; i += 1) {
      await sendKeys({ press: 'Tab' })
      await pause()
      const active = deepActiveElement()
      seen.push(active === close ? 'close' : (active?.id ?? 'nothing'))
    }
    expect(seen).to.deep.equal(['second', 'close', 'first', 'second', 'close'])
    // on × now, the first of the dialog: Shift+Tab wraps round to the last field, then walks back
    await sendKeys({ down: 'Shift' })
    const back: string[] = []
    for (let i = 0; i < 3; i += 1) {
      await sendKeys({ press: 'Tab' })
      await pause()
      const active = deepActiveElement()
      back.push(active === close ? 'close' : (active?.id ?? 'nothing'))
    }
    await sendKeys({ up: 'Shift' })
    expect(back).to.deep.equal(['second', 'first', 'close'])
  })

  it('closes on Escape and gives focus back to the opener', async () => {
    const { dialog, opener, closes } = mount()
    opener.focus()
    opener.click()
    await waitUntil(() => deepActiveElement()?.id === 'first')
    await sendKeys({ press: 'Escape' })
    await waitUntil(() => !dialog.hasAttribute('open'), 'Escape did not close')
    expect(closes()).to.equal(1)
    await waitUntil(() => deepActiveElement() === opener, 'focus did not return to the opener')
  })

  it('with a dialog opened from a dialog, only the top one keeps focus; closing it returns to the first', async () => {
    const { page, dialog, opener } = mount()
    const inner = document.createElement('zx-dialog')
    inner.setAttribute('heading', '确认')
    inner.innerHTML = '<button id="yes">yes</button>'
    inner.addEventListener('zx:close', () => inner.removeAttribute('open'))
    page.append(inner)
    opener.click()
    await waitUntil(() => deepActiveElement()?.id === 'first')
    inner.setAttribute('open', '')
    await waitUntil(() => deepActiveElement()?.id === 'yes', 'the inner dialog did not take focus')
    await sendKeys({ press: 'Tab' })
    await pause()
    expect(inner.shadowRoot!.contains(deepActiveElement()) || deepActiveElement()?.id === 'yes').to.equal(true)
    await sendKeys({ press: 'Escape' })
    await waitUntil(() => !inner.hasAttribute('open'))
    expect(dialog.hasAttribute('open'), 'Escape closes only the top dialog').to.equal(true)
    await waitUntil(() => deepActiveElement()?.id === 'first', 'focus did not return into the first dialog')
  })
})
