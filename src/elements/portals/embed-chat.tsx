import { useStore } from '@nanostores/react'
import { useEffect, useRef, useState } from 'react'
import { $portalsMessages } from '../../i18n'
import { $appSetting } from '../../stores/settings'
import { $token } from '../../stores/token'
import { hostOf, type ElementProps } from '../shared/define-element'
import { loadEmbedScript } from './embed-script'

/**
 * `<zx-embed-chat key="zxk_…" height="auto">`: the full-page chat of the public
 * routes /externalChat, /iframe and /fullDialogue. It mounts the script-tag
 * widget inline (the same panel a CMS page gets), so there is one chat UI to
 * keep right. On /iframe (the host app sets data-area="iframe") the widget
 * also speaks the postMessage API to its parent page; with height="auto" it
 * grows with the conversation and reports its height for auto-sizing iframes.
 * A Zhixue user signed in on this browser chats as themself when the key
 * accepts signed visitors.
 */
export interface EmbedChatProps extends ElementProps {
  height?: string
}

export function EmbedChat({ container, height }: EmbedChatProps) {
  const t = useStore($portalsMessages)
  const setting = useStore($appSetting)
  const host = hostOf(container)
  // "key" is React's own prop name: a host app passing `key` as a prop loses it
  // (React takes it), so the attribute is read from the element itself, and
  // on the app's routes from the page URL (`?key=`), where the host put it.
  const key = host?.getAttribute('key') || new URLSearchParams(location.search).get('key') || ''
  const area = host?.dataset.area
  const box = useRef<HTMLDivElement>(null)
  const [failed, setFailed] = useState(false)
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    const target = box.current
    if (!key || !target) return
    let live = true
    let id: string | undefined
    setFailed(false)
    loadEmbedScript().then(
      zhixue => {
        if (!live) return
        id = zhixue.init({
          key,
          id: `page-${area ?? 'chat'}`,
          target,
          height: height === 'auto' ? 'auto' : 'fill',
          bridge: area === 'iframe',
          locale: setting.language,
          theme: setting.theme,
          authToken: $token.get() || undefined,
        })
      },
      () => live && setFailed(true),
    )
    return () => {
      live = false
      if (id) void loadEmbedScript().then(zhixue => zhixue.destroy(id))
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the panel is mounted once per key/area; the language and theme are applied to it by the effect below
  }, [key, height, area, attempt])

  useEffect(() => {
    if (host?.isConnected) void loadEmbedScript().then(zhixue => zhixue.setLocale(setting.language, `page-${area ?? 'chat'}`))
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a change of language is sent to the mounted panel
  }, [setting.language])

  if (!key) {
    return (
      <div className="missing" part="base" role="status">
        <h1 part="header">{t.missingKey}</h1>
        <p>{t.missingKeyHint}</p>
        <a className="link" part="actions" href="/course/dialogue">
          {t.openDialogue}
        </a>
      </div>
    )
  }
  return (
    <div className="frame" part="base">
      {failed ? (
        <div className="missing" role="alert">
          <p>{t.loadFailed}</p>
          <button type="button" className="link" part="actions" onClick={() => setAttempt(n => n + 1)}>
            {t.retry}
          </button>
        </div>
      ) : null}
      <div className="chat" part="body" ref={box} />
    </div>
  )
}

export const embedChatCss = `
:host { display: block; height: 100vh; height: 100dvh; background: var(--_bg-subtle); }
:host([height='auto']) { height: auto; background: transparent; }
.frame { box-sizing: border-box; height: 100%; max-width: 880px; margin: 0 auto; padding: 24px 16px; }
:host([data-area='iframe']) .frame { max-width: none; padding: 0; }
.chat { height: 100%; }
:host([height='auto']) .frame, :host([height='auto']) .chat { height: auto; }
.missing { max-width: 520px; margin: 15vh auto 0; padding: 32px; text-align: center; background: var(--_bg-elevated); border-radius: var(--_radius); box-shadow: var(--_shadow); }
.missing h1 { margin: 0 0 8px; font-size: 18px; }
.missing p { margin: 0 0 16px; color: var(--_text-muted); line-height: 1.6; }
.link { display: inline-flex; align-items: center; height: 36px; padding: 0 16px; border-radius: var(--_radius-small); border: 0; background: var(--_primary-strong); color: var(--_on-primary); font: inherit; font-weight: 500; text-decoration: none; cursor: pointer; }
@media (max-width: 640px) { .frame { padding: 0; } }
`
