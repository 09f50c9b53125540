import { useStore } from '@nanostores/react'
import { useEffect, useState, type RefObject } from 'react'
import { $mindmapsMessages } from '../../i18n'
import { addChild, addSibling, indent, move, outdent, remove, rename, toggleCollapse } from './edit-ops'
import { pathTo } from './outline-tree'
import type { MapHistory } from './use-map-writer'

export interface NodeToolsProps {
  map: MapHistory
  busy: boolean
  /** The node-name box, focused by F2 and a double click on a node. */
  nameRef: RefObject<HTMLInputElement | null>
  onExpand: () => void
}

/** The toolbar that edits the selected node: its name, add, remove, move, collapse, undo/redo, AI expand. */
export function NodeTools({ map, busy, nameRef, onExpand }: NodeToolsProps) {
  const t = useStore($mindmapsMessages)
  const selected = map.root && map.selectedId ? pathTo(map.root, map.selectedId)?.at(-1) : undefined
  const [draftName, setDraftName] = useState('')
  // The draft follows the selected node and its text, not every new tree object.
  const selectedId = selected?.id
  const selectedText = selected?.text ?? ''
  useEffect(() => setDraftName(selectedText), [selectedId, selectedText])

  const commitName = () => {
    if (selected && draftName.trim() && draftName !== selected.text) map.apply((root, id) => rename(root, id, draftName))
  }
  const tools: Array<[string, () => void, string, boolean?]> = [
    [t.addChild, () => map.apply((root, id) => addChild(root, id, t.newNode)), 'add-child'],
    [t.addSibling, () => map.apply((root, id) => addSibling(root, id, t.newNode)), 'add-sibling'],
    [t.remove, () => map.apply(remove), 'remove'],
    [t.moveUp, () => map.apply((root, id) => move(root, id, -1)), 'move-up'],
    [t.moveDown, () => map.apply((root, id) => move(root, id, 1)), 'move-down'],
    [t.indent, () => map.apply(indent), 'indent'],
    [t.outdent, () => map.apply(outdent), 'outdent'],
    [t.collapse, () => map.apply(toggleCollapse), 'collapse'],
    [t.undo, map.undo, 'undo', !map.canUndo],
    [t.redo, map.redo, 'redo', !map.canRedo],
    [t.expandAi, onExpand, 'expand'],
  ]

  return (
    <div className="mm-tools" role="toolbar" aria-label={t.title} part="tools">
      <input
        ref={nameRef}
        className="input mm-name"
        aria-label={t.nodeName}
        value={draftName}
        disabled={!selected || busy}
        onChange={event => setDraftName(event.target.value)}
        onBlur={commitName}
        onKeyDown={event => {
          if (event.key === 'Enter') {
            event.preventDefault()
            commitName()
          }
        }}
        data-testid="mind-map-node-name"
      />
      {tools.map(([label, run, id, off]) => (
        <button key={id} type="button" className="button" disabled={!selected || busy || off} onClick={run} data-testid={`mind-map-${id}`}>
          {label}
        </button>
      ))}
    </div>
  )
}
