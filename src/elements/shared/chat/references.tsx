import { useStore } from '@nanostores/react'
import { useState } from 'react'
import type { Reference } from '../../../api/chat'
import { $chatMessages } from '../../../i18n'
import { ReferenceSource } from '../knowledge/reference-source'
import { Icon, Modal } from '../ui'
import { styles } from '../styles'

/** The passages an answer quotes (`reference`); each opens in a small dialog showing what it says. */
export function References({ references }: { references: readonly Reference[] }) {
  const t = useStore($chatMessages)
  const [open, setOpen] = useState<Reference | null>(null)
  return (
    <section className="references" data-testid="references">
      <h4 className="references-title">{t.references}</h4>
      <ol className="reference-list">
        {references.map((reference, index) => (
          <li key={`${reference.chunkId}-${index}`}>
            <button type="button" className="reference" data-testid="reference" onClick={() => setOpen(reference)}>
              <span className="reference-index">{index + 1}</span>
              <Icon name="book" />
              <span className="reference-name">{reference.documentName}</span>
            </button>
          </li>
        ))}
      </ol>
      {open ? (
        <Modal heading={open.documentName} onClose={() => setOpen(null)} testId="reference-dialog">
          {Number.isFinite(open.score) ? <span className="badge primary reference-score">{t.relevance({ score: Math.round(open.score * 100) })}</span> : null}
          <blockquote className="passage">{open.passage}</blockquote>
          <ReferenceSource chunkId={open.chunkId} />
        </Modal>
      ) : null}
    </section>
  )
}

export const referencesCss = `
.references { margin-top: 12px; }
.references-title { margin: 0 0 6px; font-size: 12px; font-weight: 600; color: var(--_text-muted); }
.reference-list { display: flex; flex-wrap: wrap; gap: 6px; margin: 0; padding: 0; list-style: none; }
.reference {
  display: inline-flex; align-items: center; gap: 6px; max-width: 280px; height: 30px; padding: 0 10px 0 4px;
  border: 1px solid var(--_border); border-radius: 15px; background: var(--_bg); color: var(--_text);
  font: inherit; font-size: 13px; cursor: pointer;
}
.reference:hover { border-color: var(--_primary); background: var(--_primary-soft); }
.reference .icon { width: 14px; height: 14px; color: var(--_text-muted); }
.reference-index {
  display: grid; place-items: center; width: 22px; height: 22px; border-radius: 50%;
  background: var(--_primary-soft); color: var(--_primary-strong); font-size: 12px; font-weight: 600;
}
.reference-name { min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.reference-score { align-self: flex-start; }
.passage {
  margin: 0; padding: 12px 16px; border-left: 3px solid var(--_primary); border-radius: 0 var(--_radius-small) var(--_radius-small) 0;
  background: var(--_bg-subtle); white-space: pre-wrap; word-break: break-word; line-height: 1.75; max-height: 60vh; overflow: auto;
}
`

References.styles = styles(referencesCss, ReferenceSource)
