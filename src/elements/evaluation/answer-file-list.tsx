import { useStore } from '@nanostores/react'
import type { AnswerFile } from '../../api/evaluation'
import { $evaluationMessages } from '../../i18n'
import { formatBytes } from '../shared/format'

/**
 * The files a practical task was answered with, each a download link (signed
 * by the server for this reader: a link cannot send a token). The teacher
 * grades from these; the student sees what they handed in.
 */
export function AnswerFileList({ files }: { files: AnswerFile[] }) {
  const t = useStore($evaluationMessages)
  if (files.length === 0) return <p className="hint">{t.practicalNoFiles}</p>
  return (
    <ul className="answer-files" aria-label={t.answerFiles} data-testid="answer-files">
      {files.map(file => (
        <li key={file.id}>
          <a href={file.url} download={file.name} data-testid="answer-file-link">
            {file.name}
          </a>
          <span className="file-size">{formatBytes(file.size)}</span>
        </li>
      ))}
    </ul>
  )
}
