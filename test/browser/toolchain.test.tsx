/// <reference types="mocha" />
// Proves the browser-test toolchain: TSX compiles, React (pre-bundled) renders
// into a custom element's open shadow root, and state updates reach the DOM.
// fixtureSync, not fixture: fixture waits for an animation frame, which a background test tab may never get.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing'
import { useState } from 'react'
import { createRoot, type Root } from 'react-dom/client'

declare const process: { env: { NODE_ENV?: string } }

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0)
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {label}: {count}
    </button>
  )
}

class ToolchainProbe extends HTMLElement {
  private root?: Root
  connectedCallback() {
    const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' })
    this.root ??= createRoot(shadow)
    this.root.render(<Counter label={this.getAttribute('label') ?? 'count'} />)
  }
  disconnectedCallback() {
    this.root?.unmount()
    this.root = undefined
  }
}
customElements.define('zx-toolchain-probe', ToolchainProbe)

describe('browser test toolchain', () => {
  it('renders a React component inside a shadow root and updates it', async () => {
    const el = fixtureSync<ToolchainProbe>(html`<zx-toolchain-probe label="clicks"></zx-toolchain-probe>`)
    const button = () => el.shadowRoot!.querySelector('button')
    await waitUntil(() => button(), 'React did not render into the shadow root')
    expect(button()!.textContent).to.equal('clicks: 0')
    expect(document.querySelector('button'), 'nothing leaks into the light DOM').to.equal(null)

    button()!.click()
    await waitUntil(() => button()!.textContent === 'clicks: 1', 'click did not update the count')
  })

  it('sees process.env.NODE_ENV replaced', () => {
    expect(process.env.NODE_ENV).to.equal('development')
  })
})
