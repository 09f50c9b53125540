import type { EmbedKey } from '../../api/embed'

/**
 * The code a teacher pastes into the school's site, for a key, built with
 * this Zhixue server's own address (the teacher is on it while copying).
 */

export interface Snippets {
  script: string
  iframe: string
  link: string
}

export function snippetsFor(key: Pick<EmbedKey, 'key' | 'visitors'>, origin: string, title: string): Snippets {
  const signed = key.visitors === 'anonymous' ? '' : '\n  data-user="<用户名>" data-expires="<过期时间（秒）>" data-signature="<服务器算出的签名>"'
  const script = `<script src="${origin}/new-chat/embed.js"\n  data-key="${key.key}"${signed} async></script>`
  const iframe = `<iframe id="zhixue-chat" src="${origin}/iframe?key=${key.key}&height=auto"
  title="${title.replace(/"/g, '&quot;')}" style="width:100%;height:560px;border:0"></iframe>
<script>
  // 按对话内容自动调整高度（只接受来自智学的消息）
  window.addEventListener('message', function (e) {
    if (e.origin !== '${origin}' || !e.data || e.data.source !== 'zhixue') return;
    if (e.data.type === 'zx:height') document.getElementById('zhixue-chat').style.height = Math.max(360, e.data.detail.height) + 'px';
  });
</script>`
  return { script, iframe, link: `${origin}/externalChat?key=${key.key}` }
}
