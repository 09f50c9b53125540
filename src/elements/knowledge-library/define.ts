import '../shared/define'
import { uiCss } from '../dialogue/ui'
import { defineZxElement } from '../shared/define-element'
import { dialogsCss } from '../resource-library/dialogs'
import { resourceLibraryCss } from '../resource-library/resource-library'
import { uploadPanelCss } from '../resource-library/upload-panel'
import { chunksCss } from './chunks-dialog'
import { datasetFormCss } from './dataset-form'
import { KnowledgeLibrary, knowledgeLibraryCss, type KnowledgeLibraryProps } from './knowledge-library'
import { searchTestCss } from './search-test'

/** The knowledge library bundle (/elements/knowledge-library.js): registers `<zx-knowledge-library>` (attributes in knowledge-library.tsx). */
export const knowledgeLibraryElementCss = [uiCss, uploadPanelCss, dialogsCss, resourceLibraryCss, datasetFormCss, chunksCss, searchTestCss, knowledgeLibraryCss].join('\n')

defineZxElement<KnowledgeLibraryProps>('zx-knowledge-library', KnowledgeLibrary, {
  props: { datasetId: 'string' },
  css: knowledgeLibraryElementCss,
})
