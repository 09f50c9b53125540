/**
 * Syntax highlighting, loaded on first use: highlight.js core (8.6 KB gzip)
 * plus one chunk per language actually seen (0.4–4 KB each). The full
 * `highlight.js` bundle with every language is 314 KB gzip, and even its
 * "common" set is 54 KB, more than the whole embed panel may weigh.
 * Unlabelled code stays plain: auto-detection would need every language.
 */
import type { HLJSApi } from 'highlight.js'
import { featureChanged } from './changes'

// The languages lazy/highlight-languages.ts loads: what teachers and students of a
// vocational school are likely to paste or ask about.
const LANGUAGES = new Set([
  'arduino',
  'bash',
  'c',
  'cpp',
  'csharp',
  'css',
  'dart',
  'diff',
  'dockerfile',
  'go',
  'ini',
  'java',
  'javascript',
  'json',
  'kotlin',
  'latex',
  'lua',
  'makefile',
  'markdown',
  'matlab',
  'nginx',
  'php',
  'plaintext',
  'powershell',
  'python',
  'r',
  'ruby',
  'rust',
  'scala',
  'scss',
  'shell',
  'sql',
  'swift',
  'typescript',
  'vbnet',
  'verilog',
  'vhdl',
  'x86asm',
  'xml',
  'yaml',
])

const ALIASES: Record<string, string> = {
  asm: 'x86asm',
  'c#': 'csharp',
  'c++': 'cpp',
  cc: 'cpp',
  console: 'shell',
  cs: 'csharp',
  docker: 'dockerfile',
  golang: 'go',
  h: 'c',
  hpp: 'cpp',
  htm: 'xml',
  html: 'xml',
  js: 'javascript',
  jsx: 'javascript',
  kt: 'kotlin',
  md: 'markdown',
  mjs: 'javascript',
  ps1: 'powershell',
  py: 'python',
  python3: 'python',
  rb: 'ruby',
  rs: 'rust',
  sh: 'bash',
  shellscript: 'bash',
  svg: 'xml',
  tex: 'latex',
  text: 'plaintext',
  toml: 'ini',
  ts: 'typescript',
  tsx: 'typescript',
  txt: 'plaintext',
  vb: 'vbnet',
  vue: 'xml',
  xhtml: 'xml',
  yml: 'yaml',
  zsh: 'bash',
}

let core: HLJSApi | null = null
let corePromise: Promise<HLJSApi> | null = null
const ready = new Set<string>()
const loading = new Map<string, Promise<void>>()
const failed = new Set<string>()

/** Our name for a fence's language label, or '' when we do not highlight it. */
export function languageName(label: string): string {
  const lower = label.toLowerCase()
  const name = ALIASES[lower] ?? lower
  return LANGUAGES.has(name) ? name : ''
}

function loadLanguage(name: string): void {
  if (loading.has(name) || ready.has(name) || failed.has(name)) return
  if (!LANGUAGES.has(name)) return
  corePromise ??= import('highlight.js/lib/core').then(module => (core = module.default))
  const load = Promise.all([corePromise, import('./highlight-languages').then(languages => languages.LANGUAGE_LOADERS[name]!())])
    .then(([hljs, language]) => {
      hljs.registerLanguage(name, language.default)
      ready.add(name)
    })
    .catch((error: unknown) => {
      // Plain code is still readable; do not retry on every delta.
      failed.add(name)
      console.warn(`markdown: could not load highlighting for ${name}`, error)
    })
    .finally(() => {
      loading.delete(name)
      featureChanged()
    })
  loading.set(name, load)
}

export interface Highlighted {
  /** highlight.js HTML (spans with hljs-* classes), or null: show the code plain. */
  html: string | null
  /** Highlighting for this language is on its way; render again when it arrives. */
  pending: boolean
}

/** Highlights `code` if its language is loaded, else starts loading it. */
export function highlight(code: string, name: string): Highlighted {
  if (!name) return { html: null, pending: false }
  if (core && ready.has(name)) return { html: core.highlight(code, { language: name, ignoreIllegals: true }).value, pending: false }
  loadLanguage(name)
  return { html: null, pending: !failed.has(name) }
}

export interface HighlightStatus {
  /** highlight.js has been asked for (an answer contained code in a language we know). */
  requested: boolean
  /** Languages registered and ready. */
  languages: string[]
}

/** What has been loaded, for tests and diagnostics. */
export function highlightStatus(): HighlightStatus {
  return { requested: corePromise !== null, languages: [...ready].sort() }
}

/** Resolves when every language requested so far has loaded or failed. */
export async function highlightSettled(): Promise<void> {
  while (loading.size > 0) await Promise.all(loading.values())
}
