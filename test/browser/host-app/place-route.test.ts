/// <reference types="mocha" />
import { expect } from '@open-wc/testing'
import { placePath } from '../../../src/host-app/place-route'

describe('an element place in the URL (place-route)', () => {
  it('sets and removes query parameters, keeping the others', () => {
    expect(placePath({ params: { datasetId: 'd1' } }, '/course/knowledgeLibrary', '')).to.equal('/course/knowledgeLibrary?datasetId=d1')
    expect(placePath({ params: { datasetId: '' } }, '/course/knowledgeLibrary', '?datasetId=d1&tab=2')).to.equal('/course/knowledgeLibrary?tab=2')
    expect(placePath({ params: { appId: '' } }, '/course/appsExternal', '?appId=p1')).to.equal('/course/appsExternal')
  })
})
