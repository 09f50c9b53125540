import type { EmbedKey } from '../../api/embed'
import type { EmbedCatalogue } from '../../i18n/embed/catalogue'

/**
 * The code a teacher pastes into the school's site, for a key, built with
 * this Zhixue server's own address (the teacher is on it while copying).
 */

export interface Snippets {
  script: string
  iframe: string
  link: string
}

/** The placeholders and the comment in the code, in the teacher's language. */
export type SnippetWords = Pick<EmbedCatalogue, 'snippetUser' | 'snippetExpires' | 'snippetSignature' | 'snippetAutoHeight'>

export function snippetsFor(key: Pick<EmbedKey, 'key' | 'visitors'>, origin: string, title: string, words: SnippetWords): Snippets {
  const signed =
    key.visitors === 'anonymous'
      ? ''
      : `\n  data-user="<${words.snippetUser}>" data-expires="<${words.snippetExpires}>" data-signature="<${words.snippetSignature}>"`
  const script = `<script src="${origin}/new-chat/embed.js"\n  data-key="${key.key}"${signed} async></script>`
  const iframe = `<iframe id="zhixue-chat" src="${origin}/iframe?key=${key.key}&height=auto"
  title="${title.replace(/"/g, '&quot;')}" style="width:100%;height:560px;border:0"></iframe>
<script>
  // ${words.snippetAutoHeight}
  window.addEventListener('message', function (e) {
    if (e.origin !== '${origin}' || !e.data || e.data.source !== 'zhixue') return;
    if (e.data.type === 'zx:height') document.getElementById('zhixue-chat').style.height = Math.max(360, e.data.detail.height) + 'px';
  });
</script>`
  return { script, iframe, link: `${origin}/externalChat?key=${key.key}` }
}
