import { useCallback, useState } from 'react'
import type { Edit } from './edit-ops'
import type { MapNode } from './outline-tree'

const LIMIT = 100

interface History {
  root: MapNode | null
  selectedId: string | undefined
  past: Array<{ root: MapNode; selectedId: string | undefined }>
  future: Array<{ root: MapNode; selectedId: string | undefined }>
  /** Changed since the last save. */
  dirty: boolean
}

/** The map with undo and redo: every edit keeps the tree before it (edits never change a tree in place). */
export function useMapHistory() {
  const [state, setState] = useState<History>({ root: null, selectedId: undefined, past: [], future: [], dirty: false })

  const apply = useCallback((edit: (root: MapNode, selectedId: string) => Edit) => {
    setState(s => {
      if (!s.root) return s
      const next = edit(s.root, s.selectedId ?? s.root.id)
      if (next.root === s.root) return { ...s, selectedId: next.selectedId }
      return {
        root: next.root,
        selectedId: next.selectedId,
        past: [...s.past.slice(-LIMIT + 1), { root: s.root, selectedId: s.selectedId }],
        future: [],
        dirty: true,
      }
    })
  }, [])

  /** A new map (generated, opened): history starts over. */
  const reset = useCallback((root: MapNode | null, dirty: boolean) => setState({ root, selectedId: root?.id, past: [], future: [], dirty }), [])
  const select = useCallback((selectedId: string) => setState(s => ({ ...s, selectedId })), [])
  const markSaved = useCallback(() => setState(s => ({ ...s, dirty: false })), [])
  const undo = useCallback(
    () =>
      setState(s => {
        const last = s.past[s.past.length - 1]
        if (!last || !s.root) return s
        return { ...last, past: s.past.slice(0, -1), future: [{ root: s.root, selectedId: s.selectedId }, ...s.future], dirty: true }
      }),
    [],
  )
  const redo = useCallback(
    () =>
      setState(s => {
        const next = s.future[0]
        if (!next || !s.root) return s
        return { ...next, past: [...s.past, { root: s.root, selectedId: s.selectedId }], future: s.future.slice(1), dirty: true }
      }),
    [],
  )
  return { ...state, apply, reset, select, markSaved, undo, redo, canUndo: state.past.length > 0, canRedo: state.future.length > 0 }
}
