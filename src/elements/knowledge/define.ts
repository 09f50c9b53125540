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

/** The knowledge library bundle (/elements/knowledge-library.js, its published name: scripts/bundle-names.mjs): registers `<zx-knowledge-library>` (attributes in knowledge-library.tsx). */
export const knowledgeLibraryElementCss = [kitCss, uploadPanelCss, dialogsCss, libraryCss, datasetFormCss, chunksCss, searchTestCss, knowledgeLibraryCss].join(
  '\n',
)

/**
 * Datasets of teaching material the AI answers from: documents parsed and
 * indexed in the background, passages to read and edit, a search test.
 * @tag zx-knowledge-library
 * @prop {string} datasetId - open this dataset directly
 * @fires zx:place-change - {params: {datasetId}, replace}: the open dataset changed
 */
defineZxElement<KnowledgeLibraryProps>('zx-knowledge-library', KnowledgeLibrary, {
  props: { datasetId: 'string' },
  css: knowledgeLibraryElementCss,
})
