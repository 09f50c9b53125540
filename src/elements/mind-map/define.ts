import '../shared/define'
import { defineZxElement } from '../shared/define-element'
import { kitCss } from '../shared/ui'
import { MindMap, mindMapCss, type MindMapProps } from './mind-map'
import { MAP_CSS } from './render'

/** The mind map bundle (/elements/mind-map.js): registers `<zx-mind-map>` (attributes in mind-map.tsx). */
defineZxElement<MindMapProps>('zx-mind-map', MindMap, {
  props: { lessonId: 'string', documentId: 'string', fileId: 'string', messageId: 'string', mapId: 'string', topic: 'string' },
  css: [kitCss, MAP_CSS, mindMapCss].join('\n'),
})
