// Reading a Content-Security-Policy header in tests.

/** The sources of one directive (e.g. 'frame-ancestors'), or null when the policy lacks it. */
export function cspDirective(policy: string | null | undefined, name: string): string | null {
  for (const part of (policy ?? '').split(';')) {
    const [directive, ...sources] = part.trim().split(/\s+/u);
    if (directive === name) return sources.join(' ');
  }
  return null;
}
