/**
 * Syntax highlighting, loaded on first use: highlight.js core (8.6 KB gzip)
 * plus one chunk per language actually seen (0.4–4 KB each). The full
 * `highlight.js` bundle with every language is 314 KB gzip, and even its
 * "common" set is 54 KB, more than the whole embed panel may weigh.
 * Unlabelled code stays plain: auto-detection would need every language.
 */
import type { HLJSApi, LanguageFn } from 'highlight.js'
import { featureChanged } from './changes'

type LanguageLoader = () => Promise<{ default: LanguageFn }>

// Each import() is a separate chunk in the builds; the set is what teachers
// and students of a vocational school are likely to paste or ask about.
const LANGUAGES: Record<string, LanguageLoader> = {
  arduino: () => import('highlight.js/lib/languages/arduino'),
  bash: () => import('highlight.js/lib/languages/bash'),
  c: () => import('highlight.js/lib/languages/c'),
  cpp: () => import('highlight.js/lib/languages/cpp'),
  csharp: () => import('highlight.js/lib/languages/csharp'),
  css: () => import('highlight.js/lib/languages/css'),
  dart: () => import('highlight.js/lib/languages/dart'),
  diff: () => import('highlight.js/lib/languages/diff'),
  dockerfile: () => import('highlight.js/lib/languages/dockerfile'),
  go: () => import('highlight.js/lib/languages/go'),
  ini: () => import('highlight.js/lib/languages/ini'),
  java: () => import('highlight.js/lib/languages/java'),
  javascript: () => import('highlight.js/lib/languages/javascript'),
  json: () => import('highlight.js/lib/languages/json'),
  kotlin: () => import('highlight.js/lib/languages/kotlin'),
  latex: () => import('highlight.js/lib/languages/latex'),
  lua: () => import('highlight.js/lib/languages/lua'),
  makefile: () => import('highlight.js/lib/languages/makefile'),
  markdown: () => import('highlight.js/lib/languages/markdown'),
  matlab: () => import('highlight.js/lib/languages/matlab'),
  nginx: () => import('highlight.js/lib/languages/nginx'),
  php: () => import('highlight.js/lib/languages/php'),
  plaintext: () => import('highlight.js/lib/languages/plaintext'),
  powershell: () => import('highlight.js/lib/languages/powershell'),
  python: () => import('highlight.js/lib/languages/python'),
  r: () => import('highlight.js/lib/languages/r'),
  ruby: () => import('highlight.js/lib/languages/ruby'),
  rust: () => import('highlight.js/lib/languages/rust'),
  scala: () => import('highlight.js/lib/languages/scala'),
  scss: () => import('highlight.js/lib/languages/scss'),
  shell: () => import('highlight.js/lib/languages/shell'),
  sql: () => import('highlight.js/lib/languages/sql'),
  swift: () => import('highlight.js/lib/languages/swift'),
  typescript: () => import('highlight.js/lib/languages/typescript'),
  vbnet: () => import('highlight.js/lib/languages/vbnet'),
  verilog: () => import('highlight.js/lib/languages/verilog'),
  vhdl: () => import('highlight.js/lib/languages/vhdl'),
  x86asm: () => import('highlight.js/lib/languages/x86asm'),
  xml: () => import('highlight.js/lib/languages/xml'),
  yaml: () => import('highlight.js/lib/languages/yaml'),
}

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
  return Object.hasOwn(LANGUAGES, name) ? name : ''
}

function loadLanguage(name: string): void {
  if (loading.has(name) || ready.has(name) || failed.has(name)) return
  const loader = LANGUAGES[name]
  if (!loader) return
  corePromise ??= import('highlight.js/lib/core').then(module => (core = module.default))
  const load = Promise.all([corePromise, loader()])
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
