import '../shared/define'
import { defineZxElement } from '../shared/define-element'
import { skeletonCss } from '../shared/load'
import { kitCss } from '../shared/ui'
import { generatorsCss } from './generators.css'
import { ImageGenerate } from './image-generate'
import { VideoGenerate } from './video-generate'

/** The generators bundle (/elements/generators.js, its published name: scripts/bundle-names.mjs): `<zx-image-generate>` and `<zx-video-generate>`. */
const css = [kitCss, skeletonCss, generatorsCss].join('\n')
/**
 * Text to image for teaching (`/image/generate`): prompt, model, size, count,
 * a teaching style and the gallery of past results. No attributes.
 * @tag zx-image-generate
 * @csspart base - the whole page
 * @csspart header - the title and the subtitle
 * @csspart body - the form and the gallery
 * @csspart actions - Generate
 */
defineZxElement('zx-image-generate', ImageGenerate, { css })
/**
 * Text or image to video for teaching (`/video/generate`), queued on the
 * server, with the gallery of past results. No attributes.
 * @tag zx-video-generate
 * @csspart base - the whole page
 * @csspart header - the title and the subtitle
 * @csspart body - the form and the gallery
 * @csspart actions - Generate
 */
defineZxElement('zx-video-generate', VideoGenerate, { css })
