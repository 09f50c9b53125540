/// <reference types="mocha" />
import { expect, waitUntil } from '@open-wc/testing'
import { downloadWithToken, onSignInRequired, request, requestEnvelope } from '../../../src/api/client'
import { ApiError, HttpError, TransportError } from '../../../src/api/errors'
import { streamEvents } from '../../../src/api/stream'
import { setLanguage } from '../../../src/stores/settings'
import { $toasts, clearToasts } from '../../../src/stores/toasts'
import { $token, forgetToken, saveToken } from '../../../src/stores/token'
import { envelope, fakeFetch, type FakeFetch } from '../support/fake-fetch'
import { nth } from '../support/nth'

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected the call to fail')
}

describe('API client and the SPEC §8 catalogue', () => {
  let server: FakeFetch | undefined
  afterEach(() => {
    server?.restore()
    server = undefined
    clearToasts()
    forgetToken()
  })

  it('sends the UI language as Accept-Language on calls and streams, so the server answers in it', async () => {
    server = fakeFetch(() => envelope(200, { ok: true }))
    try {
      setLanguage('ru-RU')
      await request('GET', 'app/user')
      await requestEnvelope('POST', 'app/api/oauth/token', { username: 'a', password: 'b' })
      await rejection(streamEvents('v1/chat/completions', { body: {} }).next())
      setLanguage('en-US')
      await request('GET', 'app/user')
    } finally {
      setLanguage('zh-CN')
    }
    expect(server.requests.map(r => r.headers.get('accept-language'))).to.deep.equal(['ru-RU', 'ru-RU', 'ru-RU', 'en-US'])
  })

  it('sends client-id, the bearer token, GET data as query and POST data as JSON body', async () => {
    server = fakeFetch(() => envelope(200, { ok: true }))
    saveToken('secret-token')
    expect(await request('GET', 'app/api/dict/select/1', { title: '数控', empty: undefined })).to.deep.equal({ ok: true })
    await request('POST', '/app/user/favorite/add', { assistantId: 'a1' })

    const get = nth(server.requests, 0, 'request')
    const post = nth(server.requests, 1, 'request')
    expect(get.method).to.equal('GET')
    expect(get.url).to.equal(`/new-chat/app/api/dict/select/1?title=${encodeURIComponent('数控')}`)
    expect(get.headers.get('client-id')).to.equal('app')
    expect(get.headers.get('authorization')).to.equal('Bearer secret-token')
    expect(get.body).to.equal(undefined)
    expect(post.url).to.equal('/new-chat/app/user/favorite/add')
    expect(JSON.parse(String(post.body))).to.deep.equal({ assistantId: 'a1' })
  })

  it('sends no Authorization header when signed out', async () => {
    server = fakeFetch(() => envelope(200))
    await request('GET', 'app/api/home/config')
    expect(nth(server.requests, 0, 'request').headers.has('authorization')).to.equal(false)
  })

  for (const code of [400, 403, 404]) {
    it(`${code}: shows the server message as a warning and fails`, async () => {
      server = fakeFetch(() => envelope(code, null, '用户名或密码错误'))
      const error = await rejection(request('POST', 'app/api/oauth/token', {}))
      expect(error).to.be.instanceOf(ApiError)
      expect(error).to.include({ code, status: code, message: '用户名或密码错误' })
      expect($toasts.get().map(toast => [toast.kind, toast.message])).to.deep.equal([['warning', '用户名或密码错误']])
    })
  }

  for (const code of [500, 600]) {
    it(`${code}: shows the message as an error and fails`, async () => {
      server = fakeFetch(() => envelope(code, null, '服务器开小差了，请稍后再试'))
      expect(await rejection(request('GET', 'app/user'))).to.be.instanceOf(ApiError)
      expect($toasts.get().map(toast => toast.kind)).to.deep.equal(['error'])
    })
  }

  it('401: clears the token and asks the app to sign in again', async () => {
    server = fakeFetch(() => envelope(401, null, '登录已过期，请重新登录'))
    saveToken('expired')
    let asked = 0
    const stop = onSignInRequired(() => asked++)
    try {
      const error = await rejection(request('GET', 'app/user'))
      expect(error).to.be.instanceOf(ApiError).and.include({ code: 401 })
    } finally {
      stop()
    }
    expect($token.get()).to.equal('')
    expect(localStorage.getItem('token')).to.equal(null)
    expect(asked).to.equal(1)
  })

  it('401 answering a token replaced meanwhile (a client switch) leaves the new sign-in alone', async () => {
    // The switch revokes the old token: a request still on its way with it is refused afterwards.
    let answer: (reply: Response) => void = () => {}
    server = fakeFetch(() => new Promise<Response>(resolve => (answer = resolve)))
    saveToken('before-switch')
    let asked = 0
    const stop = onSignInRequired(() => asked++)
    try {
      const pending = rejection(request('GET', 'course/courses'))
      await waitUntil(() => server!.requests.length === 1)
      saveToken('after-switch')
      answer(envelope(401, null, '你已切换身份，请重新登录'))
      expect(await pending)
        .to.be.instanceOf(ApiError)
        .and.include({ code: 401 })
    } finally {
      stop()
    }
    expect($token.get()).to.equal('after-switch')
    expect(asked, 'not sent to sign-in').to.equal(0)
    expect($toasts.get(), 'no toast about a session already replaced').to.deep.equal([])
  })

  it('returns other codes as they are', async () => {
    server = fakeFetch(() => envelope(201, { queued: true }, 'accepted', 200))
    const body = await requestEnvelope('POST', 'app/order/buy', {})
    expect(body).to.deep.equal({ code: 201, msg: 'accepted', data: { queued: true } })
    expect($toasts.get()).to.deep.equal([])
  })

  it('a transport failure shows the connection message', async () => {
    server = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')))
    expect(await rejection(request('GET', 'app/user'))).to.be.instanceOf(TransportError)
    expect($toasts.get().map(toast => [toast.kind, toast.message])).to.deep.equal([['error', '服务器连接中，请稍后再试～']])
  })

  it('a cancelled request fails quietly', async () => {
    server = fakeFetch(() => envelope(200))
    const controller = new AbortController()
    controller.abort()
    const error = await rejection(request('GET', 'app/user', undefined, { signal: controller.signal }))
    expect((error as Error).name).to.equal('AbortError')
    expect($toasts.get()).to.deep.equal([])
  })

  it('a non-200 HTTP status without an envelope fails with the status', async () => {
    server = fakeFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }))
    const error = await rejection(request('GET', 'app/user'))
    expect(error).to.be.instanceOf(HttpError).and.include({ status: 502 })
  })

  it('a quiet call leaves the warning to its caller', async () => {
    server = fakeFetch(() => envelope(400, null, '原密码错误'))
    await rejection(request('PUT', 'app/user/password/update', {}, { quiet: true }))
    expect($toasts.get()).to.deep.equal([])
  })

  it("saves a download under the name the server gives it (in the reader's language), else the page's", async () => {
    const saved: string[] = []
    const realClick = HTMLAnchorElement.prototype.click
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved.push(this.download)
    }
    try {
      const named = 'attachment; filename="export.xlsx"; filename*=UTF-8\'\'' + encodeURIComponent('Question bank import template') + '.xlsx'
      server = fakeFetch(() => new Response('xlsx', { status: 200, headers: { 'content-disposition': named } }))
      await downloadWithToken('course/question-bank/template', 'Download template.xlsx')
      server.restore()
      server = fakeFetch(() => new Response('xlsx', { status: 200, headers: { 'content-disposition': "attachment; filename*=UTF-8''%E0%A4" } }))
      await downloadWithToken('course/admin/users/import/template', 'roster-template.xlsx')
      server.restore()
      server = fakeFetch(() => new Response('csv', { status: 200 }))
      await downloadWithToken('course/redemption-codes/1/export', 'codes.csv')
    } finally {
      HTMLAnchorElement.prototype.click = realClick
    }
    expect(saved).to.deep.equal(['Question bank import template.xlsx', 'roster-template.xlsx', 'codes.csv'])
  })
})
