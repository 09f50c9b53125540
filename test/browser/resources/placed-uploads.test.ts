import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing'
import '../../../src/elements/resources/define'
import { $uploads, clearFinishedUploads, startUploads } from '../../../src/stores/uploads'
import { setUser } from '../../../src/stores/user-scope'
import type { FakeFetch } from '../support/fake-fetch'
import { addedFileIds, resourceLibraryServer } from '../support/resource-library-server'

const pdf = (name: string) => new File([`%PDF ${name}`], name, { type: 'application/pdf' })

describe('uploads put in the library', () => {
  let server: FakeFetch | undefined
  beforeEach(() => localStorage.clear())
  afterEach(() => {
    server?.restore()
    server = undefined
    clearFinishedUploads()
  })

  it('an upload that finished before the library was on the page is added once it is', async () => {
    // A teacher picks files and leaves the page (or picks them before it has drawn): they finish unseen.
    server = resourceLibraryServer()
    startUploads([pdf('实训报告.pdf')], { kind: 'resource', folderId: null })
    await waitUntil(() => $uploads.get().some(u => u.status === 'success'), 'the upload finishes')
    expect(addedFileIds(server), 'nothing adds it while no library is shown').to.deep.equal([])
    fixtureSync(html`<zx-resource-library></zx-resource-library>`)
    await waitUntil(() => addedFileIds(server!).length > 0, 'the library adds the finished upload')
    expect(addedFileIds(server)).to.deep.equal(['f1'])
  })

  it('two libraries on one page add a finished upload once, not twice', async () => {
    server = resourceLibraryServer()
    fixtureSync(html`<div><zx-resource-library></zx-resource-library><zx-resource-library></zx-resource-library></div>`)
    startUploads([pdf('教案.pdf')], { kind: 'resource', folderId: null })
    await waitUntil(() => addedFileIds(server!).length > 0, 'the upload is added')
    await new Promise(resolve => setTimeout(resolve, 300))
    expect(addedFileIds(server)).to.deep.equal(['f1'])
  })

  it("an upload left unplaced is not added to the next person's library on a shared computer", async () => {
    server = resourceLibraryServer()
    setUser(`placer-a-${Math.random()}`)
    startUploads([pdf('成绩单.pdf')], { kind: 'resource', folderId: null })
    await waitUntil(() => $uploads.get().some(u => u.status === 'success'), 'the upload finishes')
    setUser(`placer-b-${Math.random()}`) // the next person signs in at this computer
    fixtureSync(html`<zx-resource-library></zx-resource-library>`)
    await waitUntil(() => server!.requests.some(r => r.url.includes('/course/resource/list')), 'the library loads')
    await new Promise(resolve => setTimeout(resolve, 300))
    expect(addedFileIds(server)).to.deep.equal([])
  })
})
