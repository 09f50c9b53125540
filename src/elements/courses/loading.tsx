/** What shows while a part of a course loads: the shared skeleton (announced to screen readers as loading). */
export function Loading({ part }: { part?: string }) {
  return <zx-skeleton className="loading" part={part} variant="lines" count={4} />
}
