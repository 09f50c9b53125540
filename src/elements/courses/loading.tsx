/** What shows while a part of a course loads: the shared skeleton (announced to screen readers as loading). */
export function Loading() {
  return <zx-skeleton className="loading" variant="lines" count={4} />
}
