import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { fetchLiveCode } from '../../api/live'
import { $liveMessages } from '../../i18n'
import { liveJoinHref } from '../shared/links'
import { QrCode } from '../shared/qr-code'
import { usePhrasing } from '../shared/use-phrasing'

/** Asks for the code again this long after it expires when the server is slow to answer. */
const RETRY_MS = 3000

/**
 * The join code in large type and its QR code. The code changes every 30 s
 * (a photo of the screen sent out of the room stops working), so it is
 * fetched again when the server says it expires.
 */
export function JoinCode({ sessionId, first }: { sessionId: string; first?: { code: string; expiresAt: number } }) {
  const t = useStore($liveMessages)
  const phrase = usePhrasing()
  const [current, setCurrent] = useState(first ?? null)
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    let stopped = false
    const refresh = async () => {
      let wait = RETRY_MS
      try {
        const next = await fetchLiveCode(sessionId)
        if (stopped) return
        setCurrent(next)
        wait = Math.max(1000, next.expiresAt - Date.now())
      } catch {
        // keep the code on screen and try again shortly
      }
      if (!stopped) timer = setTimeout(refresh, wait)
    }
    void refresh()
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [sessionId])
  if (!current) return null
  const url = liveJoinHref(current.code, location.origin)
  return (
    <section className="join" aria-labelledby="join-code-label">
      <p className="join-hint">{t.scanToJoin}</p>
      <p id="join-code-label" className="code-label">
        {t.codeLabel}
      </p>
      <p className="code" data-testid="join-code">
        {current.code}
      </p>
      <QrCode text={url} label={phrase.count(t.qrLabel, { url })} testId="join-qr" className="join-qr" />
    </section>
  )
}
