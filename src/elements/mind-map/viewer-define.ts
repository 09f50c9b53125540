/**
 * The share page's own bundle (/elements/mind-map-viewer.js, a separate
 * rollup build with no React): registers `<zx-mind-map-viewer share="…">`.
 */
import { MindMapViewer } from './viewer'

if (!customElements.get('zx-mind-map-viewer')) customElements.define('zx-mind-map-viewer', MindMapViewer)
