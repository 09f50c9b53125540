import '../shared/define'
import { kitCss } from '../shared/ui'
import { defineZxElement } from '../shared/define-element'
import { dialogsCss } from '../shared/library/dialogs'
import { libraryCss } from '../shared/library/library-css'
import { uploadPanelCss } from '../shared/library/upload-panel'
import { chunksCss } from './chunks-dialog'
import { datasetFormCss } from './dataset-form'
import { KnowledgeLibrary, knowledgeLibraryCss, type KnowledgeLibraryProps } from './knowledge-library'
import { searchTestCss } from './search-test'

/** The knowledge library bundle (/elements/knowledge-library.js): registers `<zx-knowledge-library>` (attributes in knowledge-library.tsx). */
export const knowledgeLibraryElementCss = [kitCss, uploadPanelCss, dialogsCss, libraryCss, datasetFormCss, chunksCss, searchTestCss, knowledgeLibraryCss].join(
  '\n',
)

defineZxElement<KnowledgeLibraryProps>('zx-knowledge-library', KnowledgeLibrary, {
  props: { datasetId: 'string' },
  css: knowledgeLibraryElementCss,
})
