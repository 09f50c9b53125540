import '../shared/define'
import { defineZxElement } from '../shared/define-element'
import { MindMap, type MindMapProps } from './mind-map'

/** The mind map bundle (/elements/mind-map.js, its published name: scripts/bundle-names.mjs): registers `<zx-mind-map>` (attributes in mind-map.tsx; its CSS comes with the component). */
/**
 * Makes a mind map from a topic, a lesson, a knowledge document, an uploaded
 * file or a chat answer (it grows as the outline streams in), edits, saves,
 * shares a read-only link and exports PNG, SVG or Markdown. Give one source,
 * or pick a file or a knowledge document on the screen.
 * @tag zx-mind-map
 * @prop {string} lessonId - make it from this lesson
 * @prop {string} documentId - make it from this knowledge document
 * @prop {string} fileId - make it from this uploaded file
 * @prop {string} messageId - make it from this chat answer
 * @prop {string} mapId - open this saved map
 * @prop {string} topic - make it from this topic
 * @csspart base - the whole editor
 * @csspart list - "my mind maps" beside the editor
 * @csspart body - the editor: bars, tools and canvas
 * @csspart header - the bar with the topic, the material buttons and the actions
 * @csspart topic - the topic box and its button
 * @csspart sources - From a file and From a knowledge document
 * @csspart actions - save, share, export and insert into a lesson
 * @csspart tools - the node toolbar
 * @csspart canvas - the drawing
 */
defineZxElement<MindMapProps>('zx-mind-map', MindMap, {
  props: { lessonId: 'string', documentId: 'string', fileId: 'string', messageId: 'string', mapId: 'string', topic: 'string' },
})
