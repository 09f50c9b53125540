import '../shared/define'
import { defineZxElement } from '../shared/define-element'
import { skeletonCss } from '../shared/load'
import { kitCss } from '../shared/ui'
import { generatorsCss } from './generators.css'
import { ImageGenerate } from './image-generate'
import { VideoGenerate } from './video-generate'

/** The generators bundle (/elements/generators.js): `<zx-image-generate>` and `<zx-video-generate>`. */
const css = [kitCss, skeletonCss, generatorsCss].join('\n')
defineZxElement('zx-image-generate', ImageGenerate, { css })
defineZxElement('zx-video-generate', VideoGenerate, { css })
