import '../shared/define'
import { defineZxElement } from '../shared/define-element'
import { KnowledgeLibrary, type KnowledgeLibraryProps } from './knowledge-library'

/** The knowledge library bundle (/elements/knowledge-library.js, its published name: scripts/bundle-names.mjs): registers `<zx-knowledge-library>` (attributes in knowledge-library.tsx; its CSS comes with the component). */

/**
 * Datasets of teaching material the AI answers from: documents parsed and
 * indexed in the background, passages to read and edit, a search test.
 * @tag zx-knowledge-library
 * @prop {string} datasetId - open this dataset directly
 * @fires zx:place-change - {params: {datasetId}, replace}: the open dataset changed
 * @csspart base - the whole library
 * @csspart header - the title row of the dataset list or of an open dataset
 * @csspart body - the dataset cards, or an open dataset's documents
 * @csspart actions - New dataset, or an open dataset's edit, delete and upload buttons
 */
defineZxElement<KnowledgeLibraryProps>('zx-knowledge-library', KnowledgeLibrary, {
  props: { datasetId: 'string' },
})
