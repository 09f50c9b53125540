// Origins as a browser sends them in its Origin header: what embed keys list
// and what the security headers allow to frame the embed pages.

/** The canonical origin (`scheme://host[:port]`, lower-case, default port dropped), or null when it is not one. */
export function normalizeOrigin(input: string): string | null {
  const text = input.trim();
  if (!/^https?:\/\/[^/?#\s]+\/?$/i.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  // Exact sites only: no wildcards or other characters a browser never sends in Origin.
  if (!/^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/.test(url.hostname)) return null;
  return url.origin;
}
