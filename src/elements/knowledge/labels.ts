import type { Dataset, DocumentStatus } from '../../api/knowledge'
import type { $knowledgeMessages } from '../../i18n'

type Messages = ReturnType<typeof $knowledgeMessages.get>

/** The files a knowledge base takes (the server parses these). */
export const ACCEPT = '.pdf,.docx,.pptx,.txt,.md,.markdown,.html,.htm'

/** A document still being parsed or indexed. */
export const BUSY: readonly DocumentStatus[] = ['queued', 'parsing', 'indexing']

export const statusLabel = (t: Messages, status: DocumentStatus) =>
  ({ queued: t.statusQueued, parsing: t.statusParsing, indexing: t.statusIndexing, ready: t.statusReady, error: t.statusError })[status]

export const visibilityLabel = (t: Messages, v: Dataset['visibility']) =>
  ({ private: t.visibilityPrivate, course: t.visibilityCourse, school: t.visibilitySchool })[v]
