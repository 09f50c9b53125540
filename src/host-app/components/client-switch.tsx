import { useStore } from '@nanostores/react'
import { useState } from 'react'
import type { ClientType } from '../../api/account'
import { $profileMessages } from '../../i18n'
import { $session } from '../../stores/auth'
import { switchClientType } from '../session-actions'

/** Shown only when the session holds more than one client type. */
export function ClientSwitch({ onSwitched }: { onSwitched: () => void }) {
  const session = useStore($session)
  const t = useStore($profileMessages)
  const [busy, setBusy] = useState(false)
  const types = session?.clientTypes ?? []
  if (!session || types.length < 2) return null

  const labels: Record<ClientType, string> = { '1': t.clientType1, '2': t.clientType2, '3': t.clientType3 }

  async function choose(type: ClientType) {
    if (type === session?.clientType || busy) return
    setBusy(true)
    try {
      await switchClientType(type)
      onSwitched()
    } catch {
      // shown by the API client
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="zx-profile-section">
      <h3>{t.clientSection}</h3>
      <div className="zx-segmented" role="group" aria-label={t.clientSection} data-testid="client-switch">
        {types.map(type => (
          <button key={type} type="button" aria-pressed={type === session.clientType} disabled={busy} data-client-type={type} onClick={() => choose(type)}>
            {labels[type] ?? type}
            {type === session.clientType ? <span className="zx-visually-hidden"> ({t.current})</span> : null}
          </button>
        ))}
      </div>
    </section>
  )
}
