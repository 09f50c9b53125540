import { useStore } from '@nanostores/react'
import { useState } from 'react'
import type { EmbedKey } from '../../api/embed'
import { $embedMessages } from '../../i18n'
import { newEmbedSecret } from '../../stores/embed'
import { showToast } from '../../stores/toasts'
import { ConfirmDialog, Modal, TabBar } from '../shared/ui'
import { writeClipboard } from '../shared/markdown/copy-code'
import { snippetsFor } from './snippets'

type Tab = 'script' | 'iframe' | 'link'

function CopyButton({ text }: { text: string }) {
  const t = useStore($embedMessages)
  const [copied, setCopied] = useState(false)
  return (
    <button
      type="button"
      className="button"
      onClick={event =>
        void writeClipboard(text, event.currentTarget.parentElement!).then(ok => {
          if (!ok) return showToast('warning', t.copyFailed)
          setCopied(true)
          setTimeout(() => setCopied(false), 1500)
        })
      }>
      {copied ? t.copied : t.copy}
    </button>
  )
}

/**
 * The code for a key (script tag, iframe, link), and, right after it was
 * made, its identity secret: shown this once, to be copied to the school's
 * web server.
 */
export function KeyCode({ item, secret: initialSecret, onClose }: { item: EmbedKey; secret?: string; onClose(): void }) {
  const t = useStore($embedMessages)
  const [tab, setTab] = useState<Tab>('script')
  const [secret, setSecret] = useState(initialSecret)
  const [rotating, setRotating] = useState(false)
  const code = snippetsFor(item, location.origin, item.assistant?.title ?? item.name, t)
  const hints: Record<Tab, string> = { script: t.scriptHint, iframe: t.iframeHint, link: t.linkHint }
  return (
    <Modal heading={t.codeTitle({ name: item.name })} onClose={onClose} testId="embed-key-code" wide>
      <TabBar tabs={{ script: t.scriptTab, iframe: t.iframeTab, link: t.linkTab }} active={tab} onSelect={setTab} />
      <div role="tabpanel" className="code-panel">
        <p className="field-hint">{hints[tab]}</p>
        <pre className="code" data-testid="embed-code">
          <code>{code[tab]}</code>
        </pre>
        <div className="code-actions">
          <CopyButton text={code[tab]} />
          {tab === 'link' ? (
            <a className="button ghost" href={code.link} target="_blank" rel="noopener">
              ↗
            </a>
          ) : null}
        </div>
      </div>
      {item.visitors !== 'anonymous' ? (
        <section className="secret" aria-labelledby="secret-title">
          <h3 id="secret-title">{t.secretTitle}</h3>
          {secret ? (
            <>
              <p className="warning" role="alert">
                {t.secretOnce}
              </p>
              <pre className="code" data-testid="embed-secret">
                <code>{secret}</code>
              </pre>
              <CopyButton text={secret} />
            </>
          ) : null}
          <p className="field-hint">{t.secretHelp}</p>
          <button type="button" className="button" onClick={() => setRotating(true)}>
            {t.rotateSecret}
          </button>
        </section>
      ) : null}
      {rotating ? (
        <ConfirmDialog
          heading={t.rotateSecret}
          message={t.rotateConfirm}
          confirmLabel={t.rotateSecret}
          onCancel={() => setRotating(false)}
          onConfirm={() => {
            setRotating(false)
            newEmbedSecret(item.key).then(setSecret, () => {})
          }}
        />
      ) : null}
    </Modal>
  )
}
