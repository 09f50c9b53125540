/**
 * Components bring their own styles, as Web Awesome's do with `static
 * styles`: a component names the CSS it needs and the styled components it
 * draws, and the element that shows it gets them all, each once, in order
 * (`defineZxElement` reads them when it is given no `css`).
 *
 *   DatasetForm.styles = styles(datasetFormCss)
 *   KnowledgeLibrary.styles = styles(kitCss, UploadPanel, libraryCss, DatasetDetail, knowledgeLibraryCss)
 */
/** A CSS string, or a component that may carry `styles` (a memo component too, whose type does not declare it). */
export type StyleSource = string | object

/** The sheets of the sources in order: a string as it is, a styled component's own list; a sheet met twice stays where it came first. */
export function styles(...sources: StyleSource[]): readonly string[] {
  return [...new Set(sources.flatMap(source => (typeof source === 'string' ? [source] : ((source as { styles?: readonly string[] }).styles ?? []))))]
}

/** All the CSS a styled component carries, as one string (undefined when it carries none). */
export function stylesOf(component: unknown): string | undefined {
  const list = (component as { styles?: readonly string[] } | null)?.styles
  return list?.length ? list.join('\n') : undefined
}
