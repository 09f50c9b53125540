/// <reference types="mocha" />
// Issue 10, shared computers: the per-user registry. A 401, a sign-out and a
// client switch empty every per-user store; what a person keeps in this
// browser is stored under their id, read back only for them, and deleted
// when they sign out.
import { expect } from '@open-wc/testing'
import { request } from '../../../src/api/client'
import { $session, loadSession, signOutHere, switchClient } from '../../../src/stores/auth'
import { $chatRecords, $chatState, upsertChat } from '../../../src/stores/chat'
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

  it('a 401 empties every per-user store; the prompts stay under the teacher id and come back only to the teacher', async () => {
    await signInAs(teacher)
    teacherWorks()
    expect(localStorage.getItem(`promptStore:${teacher}`)).to.contain(SECRET_PROMPT.key)

    server!.restore()
    server = fakeFetch(() => envelope(401, null, '登录已过期，请重新登录'))
    await request('GET', 'app/user').catch(() => undefined)
    expect($token.get()).to.equal('')
    expect($session.get()).to.equal(null)
    expect($userId.get()).to.equal('')
    expectNothingOfTheTeacher()

    await signInAs(student, '3')
    expectNothingOfTheTeacher()
    expect(localStorage.getItem(`promptStore:${student}`) ?? '').not.to.contain(SECRET_PROMPT.key)
    signOutHere()

    await signInAs(teacher)
    expect(
      $prompts.get().map(p => p.key),
      'the teacher finds their prompts again',
    ).to.deep.equal([SECRET_PROMPT.key])
    expect($chatState.get().active, 'and their last chat').to.equal('teacher-chat')
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

  it('signing out deletes the keys even when a 401 ended the session while the sign-out was on its way', async () => {
    await signInAs(teacher)
    teacherWorks()
    // The server revokes the token; another request in flight is answered 401 first.
    server!.restore()
    server = fakeFetch(() => envelope(401, null, '登录已过期，请重新登录'))
    await request('GET', 'app/user').catch(() => undefined)
    expect($userId.get()).to.equal('')
    expect(storedTraces(teacher, SECRET_PROMPT.value), 'a 401 keeps the keys').not.to.deep.equal([])

    signOutHere(teacher)
    expect(storedTraces(teacher, SECRET_PROMPT.value)).to.deep.equal([])
  })

  it('signing out deletes the keys of stores this page never loaded', async () => {
    await signInAs(teacher)
    // As the dialogue's bundle leaves it when the sign-out happens on another page.
    localStorage.setItem(`chatStorage-elsewhere:${teacher}`, JSON.stringify({ data: { title: SECRET_PROMPT.value } }))
    signOutHere()
    expect(storedTraces(teacher, SECRET_PROMPT.value)).to.deep.equal([])
  })

  it('a client switch empties the stores; the same person reads their own data again', async () => {
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

    await loadSession()
    expect($prompts.get().map(p => p.key)).to.deep.equal([SECRET_PROMPT.key])
    expect($messages.get(), 'messages are a cache, loaded again from the server').to.deep.equal([])
  })

  it('a store changed while nobody is signed in is not written anywhere', () => {
    setUser('')
    addPrompt({ key: `nobody-${run}`, value: 'x' })
    expect(Object.keys(localStorage).filter(key => (localStorage.getItem(key) ?? '').includes(`nobody-${run}`))).to.deep.equal([])
    $prompts.set([])
  })
})
