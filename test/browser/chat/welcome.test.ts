/// <reference types="mocha" />
// An empty chat's welcome is chosen per client type: a student is offered
// questions to learn with, never the teacher's lesson-planning starters.
import { expect, fixtureSync, html } from '@open-wc/testing'
import { $chatMessages } from '../../../src/i18n'
import { $clientType } from '../../../src/stores/auth'
import { $, $$, found, mountDialogue, useFakeChatServer } from './mount'

describe('<zx-dialogue> welcome', () => {
  useFakeChatServer()
  const before = $clientType.get()
  afterEach(() => $clientType.set(before))

  const starters = async (el: HTMLElement) => {
    await found(el, '[data-testid="starter"]')
    return $$(el, '[data-testid="starter"]').map(s => s.textContent!.trim())
  }

  it('offers a student learning questions, no lesson planning', async () => {
    $clientType.set('3')
    const el = mountDialogue()
    const t = $chatMessages.get()
    const shown = await starters(el)
    expect(shown).to.deep.equal([t.studentStarter1, t.studentStarter2, t.studentStarter3, t.studentStarter4])
    expect(shown.join(' ')).not.to.match(/教学方案|教案/)
    expect(shown).not.to.include(t.starter3)
    expect($(el, '[data-testid="welcome-text"]')!.textContent).not.to.match(/备课|出题/)
  })

  // The evaluation result opens the course AI with the question a student got wrong as
  // its one starter: the generic ones must never show first, not even for a frame.
  it('shows the starters it is given from its first paint, never the generic ones', async () => {
    $clientType.set('3')
    const asked = '为什么我这道题答错了？'
    const el = fixtureSync(
      html`<zx-dialogue style="display:block; width:400px; height:640px" compact starter-questions=${JSON.stringify([asked])}></zx-dialogue>`,
    ) as HTMLElement
    // The first moment any starter is on the page, before a frame has passed.
    while ($$(el, '[data-testid="starter"]').length === 0) await new Promise(resolve => setTimeout(resolve, 0))
    expect($$(el, '[data-testid="starter"]').map(s => s.textContent!.trim())).to.deep.equal([asked])
  })

  it('offers a teacher the teaching starters', async () => {
    $clientType.set('1')
    const el = mountDialogue()
    const shown = await starters(el)
    expect(shown[0]).to.match(/课堂教学方案/)
    expect($(el, '[data-testid="welcome-text"]')!.textContent).to.match(/备课/)
  })
})
