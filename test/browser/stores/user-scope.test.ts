/// <reference types="mocha" />
// Shared computers: the per-user registry. What a person keeps in
// this browser is stored under their id and read back only for them; however
// the session ends (sign-out, a 401, a client switch, the sign-in page, another
// tab), every per-user store is emptied and every key of the person deleted.
import { expect } from '@open-wc/testing'
import { request } from '../../../src/api/client'
import { $session, loadSession, removeToken, signOutHere, switchClient } from '../../../src/stores/auth'
import { $chatRecords, $chatState, upsertChat } from '../../../src/stores/chat'
import { $unsavedAnswers } from '../../../src/stores/evaluation-paper'
import { $messages, $threadChat, blankMessage } from '../../../src/stores/chat-thread'
import { $pendingDatasetIds } from '../../../src/stores/knowledge'
import { $modelSettings } from '../../../src/stores/model-settings'
import { $prompts, addPrompt } from '../../../src/stores/prompts'
import { clearToasts } from '../../../src/stores/toasts'
import { $token, saveToken } from '../../../src/stores/token'
import { $userId, setUser } from '../../../src/stores/user-scope'
import type { Chat } from '../../../src/api/chat'
import { envelope, fakeFetch, sessionFor, type FakeFetch } from '../support/fake-fetch'

const SECRET_PROMPT = { key: '期中考试答案', value: '第一题选C' }

/** Keys of this origin's storage that name `userId` or hold `text` (other test tabs share the origin). */
function storedTraces(userId: string, text: string): string[] {
  return Object.keys(localStorage).filter(key => key.includes(userId) || (localStorage.getItem(key) ?? '').includes(text))
}

describe('per-user stores on a shared computer', () => {
  let server: FakeFetch | undefined
  /** Ids unique to this run: parallel test tabs share localStorage. */
  const run = Math.random().toString(36).slice(2, 8)
  const teacher = `scope-teacher-${run}`
  const student = `scope-student-${run}`

  /** Signs in as a person would end up: a token, then the session the server answers. */
  async function signInAs(id: string, clientType: '1' | '3' = '1'): Promise<void> {
    server?.restore()
    server = fakeFetch(() => envelope(200, { ...sessionFor(clientType), id }))
    saveToken(`token-${id}-${Math.random()}`)
    await loadSession()
  }

  /** The teacher uses the dialogue: a saved prompt, an open chat with its messages, a dataset picked. */
  function teacherWorks(): void {
    addPrompt(SECRET_PROMPT)
    const chat = { chatNumber: 'teacher-chat', title: '阅卷要点', mode: 'v1', pinned: false, updateTime: 1, datasetIds: ['teacher-dataset'] } as unknown as Chat
    upsertChat(chat)
    $chatState.setKey('active', 'teacher-chat')
    $threadChat.set('teacher-chat')
    $messages.set([blankMessage({ messageId: 'm1', role: 'user', conversationId: 'teacher-chat', content: '阅卷要点是什么' })])
    $pendingDatasetIds.set(['teacher-dataset'])
    $modelSettings.setKey('systemMessage', '你是阅卷助手')
  }

  function expectNothingOfTheTeacher(): void {
    expect($prompts.get(), 'prompts').to.deep.equal([])
    expect($chatState.get().active, 'active chat').to.equal('')
    expect($chatState.get().chat, 'chat list').to.deep.equal([])
    expect($chatRecords.get(), 'chat records').to.deep.equal({})
    expect($threadChat.get()).to.equal('')
    expect($messages.get(), 'messages').to.deep.equal([])
    expect($pendingDatasetIds.get(), 'dataset pick').to.deep.equal([])
    expect($modelSettings.get().systemMessage).not.to.equal('你是阅卷助手')
  }

  afterEach(() => {
    server?.restore()
    server = undefined
    signOutHere()
    clearToasts()
  })

  it('a 401 empties every per-user store and deletes every key of the person', async () => {
    await signInAs(teacher)
    teacherWorks()
    expect(localStorage.getItem(`promptStore:${teacher}`)).to.contain(SECRET_PROMPT.key)

    server!.restore()
    server = fakeFetch(() => envelope(401, null, '账号已停用，请联系学校管理员'))
    await request('GET', 'app/user').catch(() => undefined)
    expect($token.get()).to.equal('')
    expect($session.get()).to.equal(null)
    expect($userId.get()).to.equal('')
    expectNothingOfTheTeacher()
    expect(storedTraces(teacher, SECRET_PROMPT.value)).to.deep.equal([])

    await signInAs(student, '3')
    expectNothingOfTheTeacher()
  })

  it('signing out empties the stores and deletes every key of the person', async () => {
    await signInAs(teacher)
    teacherWorks()
    expect(storedTraces(teacher, SECRET_PROMPT.value)).not.to.deep.equal([])

    signOutHere()
    expect($token.get()).to.equal('')
    expectNothingOfTheTeacher()
    expect(storedTraces(teacher, SECRET_PROMPT.value)).to.deep.equal([])
    expect(localStorage.getItem('userId')).to.equal(null)

    await signInAs(student, '3')
    expectNothingOfTheTeacher()
  })

  it('signing out after a 401 already ended the session is harmless and leaves nothing', async () => {
    await signInAs(teacher)
    teacherWorks()
    // The server revokes the token; another request in flight is answered 401 first.
    server!.restore()
    server = fakeFetch(() => envelope(401, null, '你已退出登录，请重新登录'))
    await request('GET', 'app/user').catch(() => undefined)
    signOutHere()
    expect(storedTraces(teacher, SECRET_PROMPT.value)).to.deep.equal([])
    expect($userId.get()).to.equal('')
  })

  it('signing out deletes the keys of stores this page never loaded', async () => {
    await signInAs(teacher)
    // As the dialogue's bundle leaves it when the sign-out happens on another page.
    localStorage.setItem(`chatStorage-elsewhere:${teacher}`, JSON.stringify({ data: { title: SECRET_PROMPT.value } }))
    signOutHere()
    expect(storedTraces(teacher, SECRET_PROMPT.value)).to.deep.equal([])
  })

  it('a client switch empties the stores and deletes the keys: the new session starts clean', async () => {
    await signInAs(teacher)
    teacherWorks()
    server!.restore()
    server = fakeFetch(request =>
      request.url.includes('teacher-switch')
        ? envelope(200, { token: `switched-${run}`, expiresIn: 3600, clientType: '3' })
        : envelope(200, { ...sessionFor('3'), id: teacher }),
    )
    let switched = false
    await switchClient('3', () => (switched = true))
    expect(switched).to.equal(true)
    expect($session.get()).to.equal(null)
    expectNothingOfTheTeacher()

    expect(storedTraces(teacher, SECRET_PROMPT.value)).to.deep.equal([])
    await loadSession()
    expectNothingOfTheTeacher()
  })

  /** Another tab of this browser changes the token (the storage event only reaches the other tabs). */
  function otherTabSets(token: string | null): void {
    const oldValue = localStorage.getItem('token')
    if (token === null) localStorage.removeItem('token')
    else localStorage.setItem('token', JSON.stringify({ data: token, expire: null }))
    dispatchEvent(new StorageEvent('storage', { key: 'token', oldValue, newValue: localStorage.getItem('token'), storageArea: localStorage }))
  }

  const endings: Array<[string, () => Promise<void> | void]> = [
    ['the sign-out button', () => signOutHere()],
    [
      'a 401 (the account was disabled)',
      async () => {
        server!.restore()
        server = fakeFetch(() => envelope(401, null, '账号已停用，请联系学校管理员'))
        await request('GET', 'course/courses').catch(() => undefined)
      },
    ],
    ['the sign-in page clearing the token', () => removeToken()],
    [
      'a client switch',
      async () => {
        server!.restore()
        server = fakeFetch(() => envelope(200, { token: `switched-${run}`, expiresIn: 3600, clientType: '3' }))
        await switchClient('3', () => {})
      },
    ],
    ['a sign-out in another tab', () => otherTabSets(null)],
    ['someone else signing in in another tab', () => otherTabSets(`other-person-${run}`)],
  ]

  for (const [how, end] of endings) {
    it(`${how} deletes every key of the person: prompts, chats, settings, unsaved answers, uploads`, async () => {
      await signInAs(teacher)
      teacherWorks()
      $unsavedAnswers.set({ 'paper-1': { q1: SECRET_PROMPT.value } })
      // As the uploads' and other bundles leave theirs when this page never loaded them.
      localStorage.setItem(`zxUnfinishedUploads:${teacher}`, JSON.stringify([{ name: `${SECRET_PROMPT.value}.docx` }]))
      sessionStorage.setItem(`draft:${teacher}`, SECRET_PROMPT.value)
      expect(storedTraces(teacher, SECRET_PROMPT.value).length).to.be.greaterThan(3)

      await end()
      expect($userId.get(), how).to.equal('')
      expectNothingOfTheTeacher()
      expect($unsavedAnswers.get()).to.deep.equal({})
      expect(storedTraces(teacher, SECRET_PROMPT.value), how).to.deep.equal([])
      expect(sessionStorage.getItem(`draft:${teacher}`), how).to.equal(null)
      expect(localStorage.getItem('userId'), how).to.equal(null)
      localStorage.removeItem('token') // what the other tab signed in with
    })
  }

  it('a store changed while nobody is signed in is not written anywhere', () => {
    setUser('')
    addPrompt({ key: `nobody-${run}`, value: 'x' })
    expect(Object.keys(localStorage).filter(key => (localStorage.getItem(key) ?? '').includes(`nobody-${run}`))).to.deep.equal([])
    $prompts.set([])
  })
})
