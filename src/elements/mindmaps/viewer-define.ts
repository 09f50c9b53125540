/**
 * The share page's own bundle (/elements/mind-map-viewer.js, a separate
 * rollup build with no React): registers `<zx-mind-map-viewer share="…">`.
 */
import { MindMapViewer } from './viewer'

/**
 * A shared mind map, read only, for anyone with the link (signed out is
 * fine): loading, failure with a retry, PNG/SVG/Markdown export. A lit
 * element with no React (see docs/architecture.md).
 * @tag zx-mind-map-viewer
 * @attr {string} share - the share token from the link
 * @cssprop --zx-primary - the accent of buttons on hover
 * @csspart base - the whole viewer, or the loading and failure notes
 * @csspart header - the title, the author and the exports
 * @csspart body - the drawing
 * @csspart actions - the export buttons
 */
if (!customElements.get('zx-mind-map-viewer')) customElements.define('zx-mind-map-viewer', MindMapViewer)
