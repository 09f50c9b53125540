/// <reference types="mocha" />
import { expect, waitUntil } from '@open-wc/testing'
import { $view, startGuard } from '../../../src/host-app/guard'
import { $router, navigate } from '../../../src/host-app/router'
import { $installedRoutes, $session } from '../../../src/stores/auth'
import { clearToasts } from '../../../src/stores/toasts'
import { addPrompt } from '../../../src/stores/prompts'
import { readStored } from '../../../src/stores/storage'
import { forgetToken, saveToken } from '../../../src/stores/token'
import { envelope, fakeFetch, sessionFor, type FakeFetch } from '../support/fake-fetch'

/** Navigates and waits until the guard has settled on a URL and, if it renders, on a view. */
async function visit(path: string): Promise<string> {
  $view.set(null)
  navigate(path)
  await waitUntil(() => $view.get() !== null, `no view for ${path}`, { timeout: 3000 })
  return location.pathname + location.search
}

describe('navigation guard (SPEC §4)', () => {
  const startUrl = location.pathname + location.search
  let server: FakeFetch | undefined
  let stop: () => void

  beforeEach(() => {
    stop = startGuard()
  })
  afterEach(() => {
    stop()
    server?.restore()
    server = undefined
    forgetToken()
    clearToasts()
    history.replaceState(null, '', startUrl)
  })

  it('lets the public pages through without a session', async () => {
    server = fakeFetch(() => envelope(200, {}))
    for (const path of ['/agreement', '/shareView', '/portal', '/mainPortal', '/secondIndustryPortal']) {
      expect(await visit(path)).to.equal(path)
    }
    expect(server.requests.filter(request => request.url.includes('app/user'))).to.have.length(0)
  })

  it('sends a signed-out visit to a protected page to login with a redirect back', async () => {
    server = fakeFetch(() => envelope(401, null, 'token不能为空'))
    expect(await visit('/course/knowledgeLibrary?tab=2')).to.equal(`/login?redirect=${encodeURIComponent('/course/knowledgeLibrary?tab=2')}`)
    expect($router.get()?.route).to.equal('login')
  })

  it('sends an expired token to login and forgets it', async () => {
    server = fakeFetch(() => envelope(401, null, '登录已过期，请重新登录'))
    saveToken('expired')
    const landed = await visit('/course/dialogue')
    expect(landed.startsWith('/login')).to.equal(true)
    expect(localStorage.getItem('token')).to.equal(null)
  })

  it("asks for a returning visitor's page element only once the session is known, so the signed-in frame paints first", async () => {
    let answer: (response: Response) => void = () => undefined
    server = fakeFetch(request => (request.url.includes('app/user') ? new Promise<Response>(resolve => (answer = resolve)) : envelope(200, {})))
    saveToken('returning')
    $view.set(null)
    const elementRequests = () => performance.getEntriesByType('resource').filter(entry => entry.name.endsWith('/elements/dialogue.js')).length
    const before = elementRequests()
    navigate('/course/dialogue')
    await waitUntil(() => server!.requests.some(request => request.url.includes('app/user')), 'the session was never asked for')
    await new Promise(resolve => setTimeout(resolve, 100))
    expect(elementRequests(), 'the element bundle was asked for before the session answered').to.equal(before)
    answer(envelope(200, sessionFor('3', '13')))
    await waitUntil(() => $view.get() !== null, 'no view once the session answered', { timeout: 3000 })
    expect($view.get()?.record.view).to.equal('dialogue')
  })

  it('loads the session and installs the routes of its client type', async () => {
    server = fakeFetch(() => envelope(200, sessionFor('2', '13,6')))
    saveToken('valid')
    expect(await visit('/course/dataBoard')).to.equal('/course/dataBoard')
    expect($session.get()?.clientType).to.equal('2')
    expect($installedRoutes.get()).to.include.members(['dataBoard', 'optionRecord', 'dialogue', 'dialogueNamed', 'chatNamed'])
    expect((await visit('/course/board/optionRecord')) && $view.get()?.record.layout).to.equal('board')
    const named = await visit('/course/dialogue/abc123')
    expect(named).to.equal('/course/dialogue/abc123')
    expect($view.get()?.page.params).to.deep.equal({ chatNumber: 'abc123' })
  })

  it('gives each client type only its own routes, with its flags', async () => {
    server = fakeFetch(() => envelope(200, sessionFor('3', '13,2')))
    saveToken('student')
    await visit('/course/apps')
    expect($view.get()?.record).to.include({ layout: 'student', student: true, fullPage: true })
    expect(await visit('/course/dataBoard')).to.equal('/404')
    expect(await visit('/course/evaluation')).to.equal('/404')
  })

  it("opens the portal's /course/detail/<id> link where each client type reads the course", async () => {
    const sessions = { student: sessionFor('3', '13,2'), teacher: sessionFor('1', '13,1'), manager: sessionFor('2', '13,9') }
    let who: keyof typeof sessions = 'student'
    server = fakeFetch(() => envelope(200, sessions[who]))
    saveToken('student')
    expect(await visit('/course/detail/c42')).to.equal('/course/list?courseId=c42')
    expect($view.get()?.record.view).to.equal('courseList')
    for (const side of ['teacher', 'manager'] as const) {
      forgetToken()
      who = side
      saveToken(side)
      expect(await visit('/course/detail/c42')).to.equal('/course/detail?courseId=c42')
      expect($view.get()?.record.view).to.equal('courseDetail')
    }
  })

  /** Keys of this browser's storage that belong to the demo session's person (sessionFor ids them u<clientType>). */
  const keysOf = (userId: string) => Object.keys(localStorage).filter(key => (key === 'userId' ? readStored('userId') === userId : key.endsWith(`:${userId}`)))

  it('visiting /login signs out and leaves nothing of the person in storage', async () => {
    server = fakeFetch(() => envelope(200, sessionFor('1')))
    saveToken('valid')
    await visit('/course/list')
    expect($session.get()).to.not.equal(null)
    addPrompt({ key: '家长会发言要点', value: '小明缺勤三次' })
    // Left by the dialogue's bundle, which this page did not load.
    localStorage.setItem('chatStorage:u1', JSON.stringify({ data: { chat: [{ title: '给小明家长的话术' }] }, expire: null }))
    expect(keysOf('u1')).to.include.members(['userId', 'promptStore:u1', 'chatStorage:u1', 'clientType:u1'])

    await visit('/login')
    expect($session.get()).to.equal(null)
    expect(localStorage.getItem('token')).to.equal(null)
    expect(keysOf('u1')).to.deep.equal([])
  })

  /** Another tab of this browser sets or removes the token (the storage event reaches only the other tabs). */
  function otherTabSets(token: string | null): void {
    if (token === null) localStorage.removeItem('token')
    else localStorage.setItem('token', JSON.stringify({ data: token, expire: null }))
    dispatchEvent(new StorageEvent('storage', { key: 'token', newValue: localStorage.getItem('token'), storageArea: localStorage }))
  }

  it('a sign-out in another tab sends this tab to sign-in at once, and nothing of the person stays', async () => {
    server = fakeFetch(() => envelope(200, sessionFor('1')))
    saveToken('valid')
    await visit('/course/list')
    addPrompt({ key: '期末评语草稿', value: '小红进步明显' })
    const requests = server.requests.length

    otherTabSets(null)
    await waitUntil(() => location.pathname === '/login', 'this tab stays on the signed-out page', { timeout: 3000 })
    expect(location.search).to.equal(`?redirect=${encodeURIComponent('/course/list')}`)
    expect($session.get()).to.equal(null)
    expect(keysOf('u1')).to.deep.equal([])
    expect(server.requests.length, 'no request went out with the ended token').to.equal(requests)
  })

  it('someone signing in in another tab: this tab ends its session and opens theirs on the start page', async () => {
    server = fakeFetch(request => envelope(200, request.headers.get('authorization') === 'Bearer next-person' ? sessionFor('3', '13,2') : sessionFor('1')))
    saveToken('valid')
    await visit('/course/list')
    addPrompt({ key: '补考名单', value: '小刚、小丽' })

    otherTabSets('next-person')
    await waitUntil(() => $session.get()?.clientType === '3', "the other tab's session is loaded", { timeout: 3000 })
    expect(location.pathname).to.equal('/course/dialogue')
    expect(keysOf('u1')).to.deep.equal([])
  })

  it('redirects / to the dialogue page and unknown paths to /404', async () => {
    server = fakeFetch(() => envelope(200, sessionFor('1')))
    saveToken('valid')
    expect(await visit('/')).to.equal('/course/dialogue')
    expect(await visit('/no/such/page')).to.equal('/404')
  })

  it('sends any other failure to load the session to /500', async () => {
    server = fakeFetch(() => envelope(500, null, '服务器开小差了，请稍后再试'))
    saveToken('valid')
    expect(await visit('/course/list')).to.equal(`/500?from=${encodeURIComponent('/course/list')}`)
  })

  it('a client type it does not know gets no course routes', async () => {
    server = fakeFetch(() => envelope(200, { ...sessionFor('1'), clientType: '9' }))
    saveToken('valid')
    expect(await visit('/course/dialogue')).to.equal('/404')
  })
})
