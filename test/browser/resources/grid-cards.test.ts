/// <reference types="mocha" />
// In the grid view a card's action icons (download, rename, move,
// tags, share, delete) are all inside the card, none cut off by its edge,
// down to the narrowest card the grid makes.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing'
import '../../../src/elements/resources/define'
import { envelope, fakeFetch, type FakeFetch } from '../support/fake-fetch'

const resource = {
  id: 'r1',
  name: '数控车床操作规程.pdf',
  kind: 'pdf',
  mime: 'application/pdf',
  size: 2048,
  tags: [],
  folderId: null,
  url: '/x',
  downloadUrl: '/x',
  courseIds: [],
  mine: true,
  createTime: 1,
  updateTime: 1,
}

describe('<zx-resource-library> grid cards', () => {
  let fake: FakeFetch
  beforeEach(() => {
    fake = fakeFetch(request => {
      const path = new URL(request.url, location.origin).pathname.replace(/^\/new-chat\/+/, '')
      if (path === 'course/resource/list') return envelope(200, { path: [], folders: [], tags: [], items: [resource] })
      return envelope(200, [])
    })
  })
  afterEach(() => fake.restore())

  for (const width of [360, 1000]) {
    it(`shows every action of a card whole (library ${width}px wide)`, async () => {
      const el = fixtureSync(html`<zx-resource-library view="grid" style="display:block; width:${width}px"></zx-resource-library>`) as HTMLElement
      await waitUntil(() => el.shadowRoot!.querySelector('[data-testid="resource-card"] .card-actions'), 'no card')
      const card = el.shadowRoot!.querySelector<HTMLElement>('[data-testid="resource-card"]')!
      const box = card.getBoundingClientRect()
      const actions = [...card.querySelectorAll<HTMLElement>('.card-actions .icon-button')]
      expect(actions.length).to.equal(6)
      for (const action of actions) {
        const r = action.getBoundingClientRect()
        expect(
          r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5,
          `${action.getAttribute('aria-label')} is cut off`,
        ).to.equal(true)
      }
    })
  }
})
