import '../shared/define'
import { uiCss } from '../dialogue/ui'
import { defineZxElement } from '../shared/define-element'
import { markdownCss } from '../shared/markdown'
import { dialogsCss } from './dialogs'
import { previewCss } from './preview'
import { ResourceLibrary, resourceLibraryCss, type ResourceLibraryProps } from './resource-library'
import { uploadPanelCss } from './upload-panel'

/** The resource library bundle (/elements/resource-library.js): registers `<zx-resource-library>` (attributes in resource-library.tsx). */
export const resourceLibraryElementCss = [uiCss, markdownCss, uploadPanelCss, dialogsCss, previewCss, resourceLibraryCss].join('\n')

defineZxElement<ResourceLibraryProps>('zx-resource-library', ResourceLibrary, {
  props: { view: 'string', mode: 'string', courseId: 'string' },
  css: resourceLibraryElementCss,
})
