import { useCallback } from 'react'
import { hostOf, type ElementProps } from '../shared/define-element'
import { usePlace } from '../shared/place'
import { DatasetDetail } from './dataset-detail'
import { DatasetList } from './dataset-list'
import { kitCss } from '../shared/ui'
import { dialogsCss } from '../shared/library/dialogs'
import { libraryCss } from '../shared/library/library-css'
import { UploadPanel } from '../shared/library/upload-panel'
import { styles } from '../shared/styles'
import { knowledgeLibraryCss } from './knowledge-library.css'

export { knowledgeLibraryCss } from './knowledge-library.css'

/**
 * `<zx-knowledge-library>`: datasets of teaching material the AI answers
 * from. A dataset holds documents (PDF, DOCX, PPTX, TXT, Markdown, HTML)
 * parsed and indexed in the background, with status and errors per document;
 * passages can be read, edited and deleted; a search test shows what a
 * question retrieves and how it scores.
 *
 * Attributes:
 *   dataset-id  open this dataset directly
 */
export interface KnowledgeLibraryProps extends ElementProps {
  datasetId?: string
}

export function KnowledgeLibrary({ container }: KnowledgeLibraryProps) {
  // The open dataset is a place of its own (?datasetId=…): Reload and Back keep to it.
  const [openId, setOpenId] = usePlace(hostOf(container), 'datasetId')
  const close = useCallback((gone?: boolean) => setOpenId('', { replace: gone }), [setOpenId])
  return (
    <div className="knowledge" part="base">
      {openId ? <DatasetDetail id={openId} onBack={close} /> : <DatasetList onOpen={setOpenId} />}
    </div>
  )
}

KnowledgeLibrary.styles = styles(kitCss, UploadPanel, dialogsCss, libraryCss, DatasetList, DatasetDetail, knowledgeLibraryCss)
