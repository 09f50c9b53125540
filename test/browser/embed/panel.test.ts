/// <reference types="mocha" />
// The chat panel as a visitor uses it: welcome and starters, a streamed
// answer read out once finished, stop, refusals, input-method-safe Enter,
// history per visitor (and none kept in ephemeral mode), inline mode,
// another language, hostile answers that render inert, and a thumbs-down
// that asks why as the app does (the safety module may refuse the note).
import { expect, waitUntil } from '@open-wc/testing'
import { forgetWidgets, HeldAnswer, startFakeEmbedServer, type FakeEmbedServer } from './fake-embed-server'
import { answersOf, ask, inputOf, loadZhixue, openPanel, pressEnter, rootOf, typeInto, useWidgetKey, widget, type ZhixueTestApi } from './widget'

useWidgetKey('zxk_panel')

const PAYLOADS = [
  '<script>window.__zxXss = "script"</script>\n\n',
  '<img src="x" onerror="window.__zxXss = \'img\'">\n\n',
  "[点我](javascript:window.__zxXss='link')\n\n",
  '<svg onload="window.__zxXss = \'svg\'"><circle r="4"/></svg>\n\n',
  '<iframe src="javascript:window.parent.__zxXss=\'iframe\'"></iframe>\n\n',
  '<div style="position:fixed;inset:0" onclick="window.__zxXss=\'click\'">覆盖</div>\n\n',
]

describe('embed panel', () => {
  let server: FakeEmbedServer
  let Zhixue: ZhixueTestApi

  beforeEach(async () => {
    forgetWidgets(['zxk_panel'])
    server = startFakeEmbedServer()
    Zhixue = await loadZhixue()
  })
  afterEach(() => {
    for (const id of ['w', 'inline', 'again']) Zhixue.destroy(id)
    document.getElementById('slot')?.remove()
    document.getElementById('hostile')?.remove()
    server.restore()
    HeldAnswer.lineEnd = '\n'
  })

  it('shows the assistant, its welcome and starters, and keeps the new visitor for next time', async () => {
    widget(Zhixue, 'w')
    const root = await openPanel(Zhixue, 'w')
    expect(root.querySelector('h2')!.textContent).to.equal('安全生产导师')
    // The welcome is markdown: rendered once the renderer, fetched beside the panel, has arrived.
    await waitUntil(() => root.querySelector('[data-testid="embed-welcome"] strong')?.textContent === '安全', 'the welcome is rendered as markdown')
    expect([...root.querySelectorAll('.chip')].map(c => c.textContent)).to.deep.equal(['操作车床前要检查什么？', '发现有人触电怎么办？'])
    expect(root.textContent).to.contain('今日还可提问 10 次')
    expect(JSON.parse(localStorage.getItem('zx-embed:zxk_panel')!).visitorToken).to.match(/^zxv_/)
  })

  it('streams an answer, then reads it out once, reports it and offers follow-ups', async () => {
    server.plans.push({ pieces: [], hold: true })
    const messages: unknown[] = []
    const off = Zhixue.on('message', d => messages.push([d.role, d.text]), 'w')
    widget(Zhixue, 'w')
    const root = await openPanel(Zhixue, 'w')
    await ask('w', '灭火器怎么用？')
    await waitUntil(() => server.held.length === 1)
    const held = server.held[0]!
    held.delta('第一步，')
    held.delta('**拔掉保险销**。')
    await waitUntil(() => answersOf('w')[0]?.querySelector('strong')?.textContent === '拔掉保险销')
    expect(answersOf('w')[0]!.dataset.status).to.equal('streaming')
    const live = root.querySelector('[aria-live="polite"]')!
    expect(live.textContent).to.equal('', 'nothing is read out while it streams')
    held.finish()
    await waitUntil(() => answersOf('w')[0]!.dataset.status === 'done')
    expect(live.textContent).to.equal('回答完成：第一步，拔掉保险销。')
    await waitUntil(() => root.querySelector('.chip')?.textContent === '接下来呢？', 'no suggested question')
    expect(messages).to.deep.equal([
      ['user', '灭火器怎么用？'],
      ['assistant', '第一步，**拔掉保险销**。'],
    ])
    off()
  })

  it('stops an answer: the server is told, the partial text stays and says it was stopped', async () => {
    server.plans.push({ pieces: [], hold: true })
    widget(Zhixue, 'w')
    const root = await openPanel(Zhixue, 'w')
    await ask('w', '讲讲焊接防护')
    await waitUntil(() => server.held.length === 1)
    server.held[0]!.delta('首先要戴好')
    const button = root.querySelector<HTMLButtonElement>('.sb')!
    await waitUntil(() => button.getAttribute('aria-label') === '停止回答')
    button.click()
    await waitUntil(() => answersOf('w')[0]!.dataset.status === 'stopped')
    expect(server.calls('stop')).to.have.length(1)
    expect(answersOf('w')[0]!.textContent).to.contain('首先要戴好')
    expect(answersOf('w')[0]!.textContent).to.contain('已停止')
    await waitUntil(() => button.getAttribute('aria-label') === '发送')
  })

  it('a failed answer costs no question, with or without text, and is retried in its place', async () => {
    server.plans.push({ pieces: [], hold: true }, { pieces: [], hold: true }, { pieces: [], hold: true })
    widget(Zhixue, 'w')
    const root = await openPanel(Zhixue, 'w')
    await ask('w', '讲讲焊接防护')
    await waitUntil(() => server.held.length === 1)
    await waitUntil(() => root.textContent!.includes('今日还可提问 9 次'), 'counted while it is answered')
    server.held[0]!.fail('模型没有给出任何回答内容，请重试或换一个模型')
    await waitUntil(() => answersOf('w')[0]!.dataset.status === 'error')
    await waitUntil(() => root.textContent!.includes('今日还可提问 10 次'), 'the failed answer gave the question back')
    await ask('w', '再讲讲焊接防护')
    await waitUntil(() => server.held.length === 2)
    server.held[1]!.delta('首先要戴好')
    server.held[1]!.fail('回答时出错了，请重试')
    await waitUntil(() => answersOf('w')[1]?.dataset.status === 'error')
    await waitUntil(() => root.textContent!.includes('今日还可提问 10 次'), 'a failure after some text gave it back too')
    const failed = answersOf('w')[1]!
    expect(failed.querySelector('.acts'), 'no copy or rating on a failure').to.equal(null)
    const retry = [...failed.querySelectorAll('button')].find(b => b.textContent === '重试')!
    expect(retry, 'a retry').to.exist
    retry.click()
    await waitUntil(() => server.held.length === 3, 'retry asked nothing')
    const sent = JSON.parse(String(server.calls('completions')[2]!.body)) as { prompt: string }
    expect(sent.prompt, 'the same question asked again').to.equal('再讲讲焊接防护')
    server.held[2]!.delta('戴好面罩')
    server.held[2]!.finish()
    await waitUntil(() => answersOf('w').at(-1)?.dataset.status === 'done')
    expect(answersOf('w'), 'the failed turn left the view').to.have.length(2)
    expect(root.textContent).to.contain('今日还可提问 9 次')
  })

  it('a refused answer shows its refusal with nothing to copy or rate', async () => {
    server.plans.push({ pieces: [], hold: true })
    widget(Zhixue, 'w')
    await openPanel(Zhixue, 'w')
    await ask('w', '怎样自制炸药')
    await waitUntil(() => server.held.length === 1)
    server.held[0]!.delta('这个问题我不能回答。')
    server.held[0]!.finish('blocked')
    await waitUntil(() => answersOf('w')[0]!.dataset.status === 'blocked')
    const refused = answersOf('w')[0]!
    expect(refused.textContent).to.contain('这个问题我不能回答')
    expect(refused.querySelector('.acts'), 'no copy or rating on a refusal').to.equal(null)
  })

  it('says how many questions are left in the language’s plural forms', async () => {
    server.messagesLeft = 2
    server.plans.push({ pieces: [], hold: true })
    widget(Zhixue, 'w')
    const root = await openPanel(Zhixue, 'w')
    Zhixue.setLocale('en-US', 'w')
    await waitUntil(() => root.textContent!.includes('2 questions left today'), 'no count in English')
    await ask('w', 'What first?')
    await waitUntil(() => root.textContent!.includes('1 question left today'), 'one question is not "1 questions"')
    server.held[0]!.finish()
  })

  it('shows a thinking model’s reasoning folded above the answer, read over CRLF line ends', async () => {
    HeldAnswer.lineEnd = '\r\n'
    server.plans.push({ pieces: [], hold: true })
    widget(Zhixue, 'w')
    await openPanel(Zhixue, 'w')
    await ask('w', '安全帽有什么用？')
    await waitUntil(() => server.held.length === 1)
    server.held[0]!.reasoning('先想想安全帽的作用。')
    await waitUntil(() => answersOf('w')[0]?.querySelector('details')?.textContent?.includes('先想想安全帽的作用。'), 'reasoning not shown live')
    expect(answersOf('w')[0]!.querySelector('details')!.open, 'open while it thinks').to.equal(true)
    server.held[0]!.delta('保护头部。')
    server.held[0]!.finish()
    await waitUntil(() => answersOf('w')[0]!.dataset.status === 'done')
    const block = answersOf('w')[0]!.querySelector('details')!
    expect(block.open, 'folded once answered').to.equal(false)
    expect(block.querySelector('summary')!.textContent).to.equal('已思考 2 秒')
  })

  it('a refused question is explained and put back in the box', async () => {
    server.refuseNext = { code: 429, msg: '今天的提问次数已用完，请明天再来' }
    widget(Zhixue, 'w')
    const root = await openPanel(Zhixue, 'w')
    await typeInto(inputOf('w')!, '还能再问吗？')
    pressEnter(inputOf('w')!)
    await waitUntil(() => root.querySelector('[role="alert"]')?.textContent?.includes('今天的提问次数已用完'))
    expect(root.querySelector('[data-role="user"]')).to.equal(null)
    expect(inputOf('w')!.value).to.equal('还能再问吗？')
  })

  it('Enter sends; Shift+Enter and Enter while an input method composes do not', async () => {
    widget(Zhixue, 'w')
    await openPanel(Zhixue, 'w')
    const area = inputOf('w')!
    await typeInto(area, 'pin yin')
    pressEnter(area, { isComposing: true })
    pressEnter(area, { shiftKey: true })
    await new Promise(r => setTimeout(r, 50))
    expect(server.calls('completions')).to.have.length(0)
    pressEnter(area)
    await waitUntil(() => server.calls('completions').length === 1)
  })

  it('a question sent before the session has loaded is asked once it has, not dropped', async () => {
    let release!: () => void
    server.beforeSession = () => new Promise<void>(resolve => (release = resolve))
    widget(Zhixue, 'w')
    Zhixue.open('w')
    const area = await waitUntil(() => inputOf('w'), 'no question box').then(() => inputOf('w')!)
    await typeInto(area, '灭火器放在哪里？')
    pressEnter(area)
    await new Promise(r => setTimeout(r, 50))
    expect(server.calls('completions')).to.have.length(0)
    expect(area.value).to.equal('', 'the question was taken')
    release()
    await waitUntil(() => server.calls('completions').length === 1, 'the waiting question was not asked')
    expect(JSON.parse(String(server.calls('completions')[0]!.body)).prompt).to.equal('灭火器放在哪里？')
    await waitUntil(() => rootOf('w').querySelector('[data-role="user"]')?.textContent?.includes('灭火器放在哪里？'))
  })

  it('a question waiting for a session that fails to load goes back in the box beside the error', async () => {
    let fail!: () => void
    server.beforeSession = () => new Promise<'fail'>(resolve => (fail = () => resolve('fail')))
    widget(Zhixue, 'w')
    Zhixue.open('w')
    const area = await waitUntil(() => inputOf('w'), 'no question box').then(() => inputOf('w')!)
    await typeInto(area, '触电了怎么办？')
    pressEnter(area)
    fail()
    await waitUntil(() => rootOf('w').querySelector('[role="alert"]'), 'no error shown')
    await waitUntil(() => inputOf('w')!.value === '触电了怎么办？', 'the question was lost')
    expect(server.calls('completions')).to.have.length(0)
  })

  it('finds the visitor’s conversation again after a reload, lists it in the history, and deletes it', async () => {
    widget(Zhixue, 'w')
    await openPanel(Zhixue, 'w')
    await ask('w', '第一个问题')
    await waitUntil(() => answersOf('w')[0]?.dataset.status === 'done')
    Zhixue.destroy('w')

    widget(Zhixue, 'again')
    const root = await openPanel(Zhixue, 'again')
    await waitUntil(() => root.querySelector('[data-role="user"]')?.textContent?.includes('第一个问题'), 'the conversation was not reopened')
    root.querySelector<HTMLButtonElement>('button[aria-label="历史对话"]')!.click()
    const item = await waitUntil(() => root.querySelector('.hl li'), 'no history entry').then(() => root.querySelector('.hl li')!)
    expect(item.textContent).to.contain('第一个问题')
    item.querySelector<HTMLButtonElement>('button[aria-label^="删除这段对话"]')!.click()
    await waitUntil(() => root.querySelector('.empty')?.textContent === '还没有历史对话')
    expect(server.conversations.size).to.equal(0)
  })

  it('after a reload, an answer still being written is followed to its end, not shown dead', async () => {
    server.plans.push({ pieces: [], hold: true })
    widget(Zhixue, 'w')
    await openPanel(Zhixue, 'w')
    await ask('w', '讲讲安全帽')
    await waitUntil(() => server.held.length === 1, 'no answer started')
    server.held[0]!.delta('安全帽')
    await waitUntil(() => answersOf('w')[0]?.textContent?.includes('安全帽'))
    Zhixue.destroy('w') // the page goes away; the server keeps writing the answer

    widget(Zhixue, 'again')
    await openPanel(Zhixue, 'again')
    await waitUntil(() => server.resumes.length === 1, 'the streaming answer was not re-attached')
    const { body, held } = server.resumes[0]!
    expect(body).to.deep.equal({ messageId: held.answer.messageId, after: 0 })
    expect(answersOf('again')[0]!.dataset.status).to.equal('streaming')
    held.delta('安全帽', 1)
    held.delta('要系好下颏带。', 2)
    await waitUntil(() => answersOf('again')[0]?.textContent?.includes('安全帽要系好下颏带。'), 'the text was not rebuilt from the first event')
    held.finish('done')
    await waitUntil(() => answersOf('again')[0]?.dataset.status === 'done', 'the answer never ended')
    expect(answersOf('again')[0]!.textContent).to.contain('安全帽要系好下颏带。')
    expect(answersOf('again')[0]!.textContent).not.to.contain('安全帽安全帽')
  })

  it('ephemeral mode keeps nothing in the page’s storage', async () => {
    widget(Zhixue, 'w', { ephemeral: true })
    await openPanel(Zhixue, 'w')
    await ask('w', '公共电脑上的问题')
    await waitUntil(() => answersOf('w')[0]?.dataset.status === 'done')
    expect(localStorage.getItem('zx-embed:zxk_panel')).to.equal(null)
    expect(sessionStorage.getItem('zx-embed:zxk_panel')).to.equal(null)
  })

  it('inline mode renders into the given element, open, with no launcher or close button', async () => {
    const slot = document.createElement('div')
    slot.id = 'slot'
    slot.style.height = '500px'
    document.body.append(slot)
    widget(Zhixue, 'inline', { selector: '#slot', key: 'zxk_beta' })
    await waitUntil(() => rootOf('inline').querySelector('[data-testid="embed-welcome"]'))
    expect(slot.querySelector('zhixue-chat')).to.not.equal(null)
    expect(rootOf('inline').querySelector('button.l')).to.equal(null)
    expect(rootOf('inline').querySelector('[aria-label="关闭"]')).to.equal(null)
    expect(rootOf('inline').querySelector('[role="region"]')).to.not.equal(null)
  })

  it('setLocale switches the panel’s words', async () => {
    widget(Zhixue, 'w')
    const root = await openPanel(Zhixue, 'w')
    Zhixue.setLocale('en-US', 'w')
    await waitUntil(() => root.querySelector('textarea')!.getAttribute('aria-label') === 'Type your question')
    expect(root.querySelector('.sb')!.getAttribute('aria-label')).to.equal('Send')
  })

  it('answers read in the panel’s language too: tip titles and the copy button come with its language file', async () => {
    server.plans.push({ pieces: ['::: tip\n先断电\n:::\n\n', '```js\nlet x = 1\n```\n'] })
    widget(Zhixue, 'w')
    const root = await openPanel(Zhixue, 'w')
    Zhixue.setLocale('en-US', 'w')
    await waitUntil(() => root.querySelector('textarea')!.getAttribute('aria-label') === 'Type your question')
    await ask('w', 'What first?')
    await waitUntil(() => answersOf('w')[0]?.dataset.status === 'done', 'answer finished')
    const answer = answersOf('w')[0]!
    expect(answer.querySelector('button[aria-label]')!.getAttribute('aria-label')).to.equal('Copy')
    expect(answer.textContent).to.contain('Tip').and.not.contain('提示')
  })

  it('hostile HTML in an answer renders inert', async () => {
    delete (window as { __zxXss?: string }).__zxXss
    server.plans.push({ pieces: PAYLOADS })
    widget(Zhixue, 'w')
    const root = await openPanel(Zhixue, 'w')
    await ask('w', '给我 HTML')
    await waitUntil(() => answersOf('w')[0]?.dataset.status === 'done')
    for (const a of root.querySelectorAll<HTMLElement>('.zx-md a, .zx-md div')) a.click?.()
    await new Promise(r => setTimeout(r, 100))
    expect((window as { __zxXss?: string }).__zxXss).to.equal(undefined)
    expect(root.querySelectorAll('.zx-md :is(script, iframe, svg, form)')).to.have.length(0)
    for (const element of answersOf('w')[0]!.querySelectorAll('.zx-md *')) {
      for (const attribute of element.attributes) expect(attribute.name.startsWith('on'), `${element.tagName} ${attribute.name}`).to.equal(false)
      expect(element.getAttribute('style')).to.equal(null)
      expect(/^\s*javascript:/i.test(element.getAttribute('href') ?? '')).to.equal(false)
    }
  })

  it('looks the same under a hostile page stylesheet', async () => {
    const slot = document.createElement('div')
    slot.id = 'slot'
    slot.style.height = '520px'
    slot.style.width = '380px'
    document.body.append(slot)
    widget(Zhixue, 'inline', { selector: '#slot' })
    const root = rootOf('inline')
    await waitUntil(() => root.querySelector('.chip'))
    const probe = () =>
      ['.p', '.h h2', '.chip', 'textarea', '.sb', '.w .zx-md', '.f'].map(selector => {
        const el = root.querySelector(selector)!
        const s = getComputedStyle(el)
        const r = el.getBoundingClientRect()
        return [
          selector,
          s.fontFamily,
          s.fontSize,
          s.lineHeight,
          s.color,
          s.backgroundColor,
          s.letterSpacing,
          s.borderTopWidth,
          s.textTransform,
          Math.round(r.width),
          Math.round(r.height),
        ].join('|')
      })
    const plain = probe()
    const hostile = document.createElement('style')
    hostile.id = 'hostile'
    hostile.textContent = `html{font-size:30px} *{font:italic 22px/3 serif!important;letter-spacing:.3em!important;color:red!important;box-sizing:content-box!important}
      div:not(#slot),button,textarea{background:hotpink!important;border:5px solid lime!important;text-transform:uppercase!important;padding:20px!important}
      .p,.h,.chip,.sb,.f{display:none!important} zhixue-chat{font-size:40px}`
    document.head.append(hostile)
    expect(probe()).to.deep.equal(plain)
  })

  const feedback = () => server.calls('feedback').map(r => JSON.parse(String(r.body)) as Record<string, unknown>)

  async function answered(root: ShadowRoot): Promise<HTMLElement> {
    server.plans.push({ pieces: ['灭火器放在', '门口。'] })
    await ask('w', '灭火器放在哪里？')
    await waitUntil(() => answersOf('w')[0]?.dataset.status === 'done', 'no answer')
    return root.querySelector<HTMLElement>('[data-role="assistant"]')!
  }

  const button = (answer: HTMLElement, label: string) =>
    [...answer.querySelectorAll('button')].find(b => b.getAttribute('aria-label') === label || b.textContent === label)!

  it('asks why after a thumbs-down and sends the reason and note with the rating', async () => {
    widget(Zhixue, 'w')
    const root = await openPanel(Zhixue, 'w')
    const answer = await answered(root)
    button(answer, '没有帮助').click()
    await waitUntil(() => answer.querySelector('[data-testid="embed-rating-reason"]'), 'no reason asked')
    const form = answer.querySelector<HTMLFormElement>('[data-testid="embed-rating-reason"]')!
    expect(feedback()[0]).to.include({ rating: -1 })
    expect(form.querySelector('legend')!.textContent).to.equal('哪里没帮助？')
    expect([...form.querySelectorAll('label')].map(l => l.textContent)).to.deep.equal(['内容不准确', '没有回答我的问题', '不完整', '有害或不当', '其他'])
    const send = button(form, '提交') as HTMLButtonElement
    expect(send.disabled, 'nothing chosen yet').to.equal(true)

    form.querySelectorAll('input')[2]!.click()
    await typeInto(form.querySelector('textarea')!, '教我做炸药')
    await waitUntil(() => !send.disabled)
    send.click()
    await waitUntil(() => root.querySelector('.n[role="alert"]')?.textContent?.includes('补充说明含有不适宜的内容'), 'the refusal was not shown')
    expect(answer.querySelector('[data-testid="embed-rating-reason"]'), 'a refused note keeps the form open').to.exist

    await typeInto(form.querySelector('textarea')!, '没说灭火器的种类')
    await waitUntil(() => !send.disabled)
    send.click()
    await waitUntil(() => !answer.querySelector('[data-testid="embed-rating-reason"]'), 'the form did not close')
    expect(root.querySelector('.n[role="alert"]'), 'the refusal went with it').to.equal(null)
    expect(feedback().at(-1)).to.deep.include({ messageId: feedback()[0]!.messageId, rating: -1, reason: 'incomplete', note: '没说灭火器的种类' })
    expect(button(answer, '没有帮助').getAttribute('aria-pressed')).to.equal('true')
  })

  it('offers the reasons in the reader’s language; taking the thumbs-down back closes the question', async () => {
    widget(Zhixue, 'w', { locale: 'en-US' })
    const root = await openPanel(Zhixue, 'w')
    const answer = await answered(root)
    button(answer, 'Not helpful').click()
    await waitUntil(() => answer.querySelector('[data-testid="embed-rating-reason"] legend')?.textContent === 'What was wrong?', 'not asked in English')
    expect([...answer.querySelectorAll('[data-testid="embed-rating-reason"] label')].map(l => l.textContent)).to.deep.equal([
      'Not accurate',
      "Didn't answer my question",
      'Incomplete',
      'Harmful or inappropriate',
      'Something else',
    ])
    button(answer, 'Not helpful').click()
    await waitUntil(() => !answer.querySelector('[data-testid="embed-rating-reason"]'), 'still asking after the thumbs-down was taken back')
    expect(feedback().at(-1)).to.include({ rating: 0 })
  })
})
