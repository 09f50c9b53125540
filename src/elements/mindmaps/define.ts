import '../shared/define'
import { defineZxElement } from '../shared/define-element'
import { kitCss } from '../shared/ui'
import { MindMap, mindMapCss, type MindMapProps } from './mind-map'
import { MAP_CSS } from './render'

/** The mind map bundle (/elements/mind-map.js, its published name: scripts/bundle-names.mjs): registers `<zx-mind-map>` (attributes in mind-map.tsx). */
/**
 * Makes a mind map from a topic, a lesson, a knowledge document, an uploaded
 * file or a chat answer (it grows as the outline streams in), edits, saves,
 * shares a read-only link and exports PNG, SVG or Markdown. Give one source.
 * @tag zx-mind-map
 * @prop {string} lessonId - make it from this lesson
 * @prop {string} documentId - make it from this knowledge document
 * @prop {string} fileId - make it from this uploaded file
 * @prop {string} messageId - make it from this chat answer
 * @prop {string} mapId - open this saved map
 * @prop {string} topic - make it from this topic
 */
defineZxElement<MindMapProps>('zx-mind-map', MindMap, {
  props: { lessonId: 'string', documentId: 'string', fileId: 'string', messageId: 'string', mapId: 'string', topic: 'string' },
  css: [kitCss, MAP_CSS, mindMapCss].join('\n'),
})
