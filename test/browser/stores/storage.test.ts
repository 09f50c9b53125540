/// <reference types="mocha" />
import { expect } from '@open-wc/testing'
import { DEFAULT_EXPIRE_SECONDS, readStored, removeStored, writeStored } from '../../../src/stores/storage'

describe('storage with expiry (SPEC §3)', () => {
  const key = 'zx-test-entry'
  afterEach(() => localStorage.removeItem(key))

  it('stores data with an expiry seven days ahead by default', () => {
    const before = Date.now()
    writeStored(key, { a: 1 })
    const raw = JSON.parse(localStorage.getItem(key)!)
    expect(raw.data).to.deep.equal({ a: 1 })
    expect(raw.expire).to.be.within(before + DEFAULT_EXPIRE_SECONDS * 1000, Date.now() + DEFAULT_EXPIRE_SECONDS * 1000)
    expect(readStored(key)).to.deep.equal({ a: 1 })
  })

  it('keeps entries stored without expiry (settings) forever', () => {
    writeStored(key, 'kept', null)
    expect(JSON.parse(localStorage.getItem(key)!).expire).to.equal(null)
    expect(readStored(key)).to.equal('kept')
  })

  it('reads an expired entry as absent and removes it', () => {
    localStorage.setItem(key, JSON.stringify({ data: 'old', expire: Date.now() - 1 }))
    expect(readStored(key)).to.equal(undefined)
    expect(localStorage.getItem(key)).to.equal(null)
  })

  it('reads corrupt or foreign entries as absent without throwing', () => {
    for (const junk of ['{not json', '"just a string"', '42', 'null', JSON.stringify({ expire: null })]) {
      localStorage.setItem(key, junk)
      expect(readStored(key), junk).to.equal(undefined)
    }
  })

  it('survives a full or unavailable storage', () => {
    const proto = Object.getPrototypeOf(localStorage) as Storage
    const original = proto.setItem
    proto.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError')
    }
    try {
      expect(() => writeStored(key, 'x')).not.to.throw()
    } finally {
      proto.setItem = original
    }
    expect(() => removeStored(key)).not.to.throw()
  })
})
