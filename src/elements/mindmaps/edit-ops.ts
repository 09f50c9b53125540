/**
 * Editing a map tree: each operation returns a new tree (the old one stays
 * as it was, so undo is keeping the old trees) and the node to select next.
 */
import { makeNode, pathTo, type MapNode } from './outline-tree'

export interface Edit {
  root: MapNode
  selectedId: string
}

/** A copy of the tree along the path to `id` (the rest is shared), with that node handed to `change`. */
function changeAt(root: MapNode, id: string, change: (node: MapNode, parent: MapNode | undefined) => void): MapNode | undefined {
  const path = pathTo(root, id)
  if (!path) return undefined
  const copies = path.map(node => ({ ...node, children: [...node.children] }))
  for (let i = 1; i < copies.length; i += 1) {
    const parent = copies[i - 1]!
    parent.children[parent.children.indexOf(path[i]!)] = copies[i]!
  }
  change(copies[copies.length - 1]!, copies[copies.length - 2])
  return copies[0]
}

export function rename(root: MapNode, id: string, text: string): Edit {
  return { root: changeAt(root, id, node => void (node.text = text.trim() || node.text)) ?? root, selectedId: id }
}

export function addChild(root: MapNode, id: string, text: string): Edit {
  const child = makeNode(text)
  return { root: changeAt(root, id, node => (node.children.push(child), (node.collapsed = false))) ?? root, selectedId: child.id }
}

export function addChildren(root: MapNode, id: string, children: MapNode[]): Edit {
  return { root: changeAt(root, id, node => (node.children.push(...children), (node.collapsed = false))) ?? root, selectedId: id }
}

export function addSibling(root: MapNode, id: string, text: string): Edit {
  if (id === root.id) return addChild(root, id, text)
  const sibling = makeNode(text)
  const next = changeAt(root, id, (node, parent) => parent!.children.splice(parent!.children.findIndex(c => c.id === node.id) + 1, 0, sibling))
  return { root: next ?? root, selectedId: sibling.id }
}

export function remove(root: MapNode, id: string): Edit {
  if (id === root.id) return { root, selectedId: id }
  let selectedId = root.id
  const next = changeAt(root, id, (node, parent) => {
    const at = parent!.children.findIndex(c => c.id === node.id)
    parent!.children.splice(at, 1)
    selectedId = (parent!.children[at] ?? parent!.children[at - 1] ?? parent!).id
  })
  return { root: next ?? root, selectedId }
}

export function toggleCollapse(root: MapNode, id: string): Edit {
  return { root: changeAt(root, id, node => void (node.collapsed = !node.collapsed)) ?? root, selectedId: id }
}

/** Up (-1) or down (+1) among its siblings. */
export function move(root: MapNode, id: string, by: -1 | 1): Edit {
  const next = changeAt(root, id, (node, parent) => {
    if (!parent) return
    const at = parent.children.findIndex(c => c.id === node.id)
    const to = at + by
    if (to < 0 || to >= parent.children.length) return
    parent.children.splice(at, 1)
    parent.children.splice(to, 0, node)
  })
  return { root: next ?? root, selectedId: id }
}

/** Demote: becomes the last child of the sibling before it. */
export function indent(root: MapNode, id: string): Edit {
  const path = pathTo(root, id)
  const parent = path?.[path.length - 2]
  if (!parent) return { root, selectedId: id }
  const at = parent.children.findIndex(c => c.id === id)
  if (at <= 0) return { root, selectedId: id }
  const node = parent.children[at]!
  const next = changeAt(root, parent.id, copy => {
    const before = { ...copy.children[at - 1]!, children: [...copy.children[at - 1]!.children, node], collapsed: false }
    copy.children.splice(at - 1, 2, before)
  })
  return { root: next ?? root, selectedId: id }
}

/** Promote: becomes the sibling after its parent. */
export function outdent(root: MapNode, id: string): Edit {
  const path = pathTo(root, id)
  if (!path || path.length < 3) return { root, selectedId: id }
  const node = path[path.length - 1]!
  const parent = path[path.length - 2]!
  const grand = path[path.length - 3]!
  const next = changeAt(root, grand.id, copy => {
    const at = copy.children.findIndex(c => c.id === parent.id)
    copy.children[at] = { ...parent, children: parent.children.filter(c => c.id !== node.id) }
    copy.children.splice(at + 1, 0, node)
  })
  return { root: next ?? root, selectedId: id }
}
