/** What the lazily loaded features are doing, for tests and diagnostics. */
import { highlightSettled, highlightStatus, type HighlightStatus } from './lazy/highlight'
import { katexSettled, katexStatus } from './lazy/katex'

export interface MarkdownFeatures {
  highlight: HighlightStatus
  katex: { requested: boolean; ready: boolean }
}

export function markdownFeatures(): MarkdownFeatures {
  return { highlight: highlightStatus(), katex: katexStatus() }
}

/** Resolves when every feature load started so far has finished (or failed). */
export async function markdownFeaturesSettled(): Promise<void> {
  await Promise.all([highlightSettled(), katexSettled()])
}
