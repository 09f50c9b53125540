import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { $evaluationMessages } from '../../i18n'

/** Time left until the server's deadline, on the server's clock (offset measured when the paper opened). */
export function Countdown({ deadlineAt, clockOffset, onTimeUp }: { deadlineAt: number; clockOffset: number; onTimeUp(): void }) {
  const t = useStore($evaluationMessages)
  const [now, setNow] = useState(() => Date.now() + clockOffset)
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now() + clockOffset), 1000)
    return () => clearInterval(timer)
  }, [clockOffset])
  const left = Math.max(0, deadlineAt - now)
  const timeUp = left === 0
  useEffect(() => {
    if (timeUp) onTimeUp()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fires once, when the time left reaches zero; onTimeUp is a fresh closure on every render
  }, [timeUp])
  const seconds = Math.floor(left / 1000)
  const time = `${Math.floor(seconds / 3600) ? `${Math.floor(seconds / 3600)}:` : ''}${String(Math.floor(seconds / 60) % 60).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`
  return (
    <span className="countdown" data-urgent={left < 5 * 60_000 || undefined} role="timer" aria-live={left < 60_000 ? 'assertive' : 'off'}>
      {left === 0 ? t.timeUp : t.timeLeft({ time })}
    </span>
  )
}
