import { useStore } from '@nanostores/react'
import { $chatMessages } from '../../i18n'
import { $clientType } from '../../stores/auth'
import type { ChatWelcome } from './welcome-props'
import { Icon } from '../shared/ui'
import { styles } from '../shared/styles'

/** An empty chat: what the assistant is for, and a few questions to start with. */
export function Welcome({ onAsk, compact, own }: { onAsk: (question: string) => void; compact: boolean; own: ChatWelcome }) {
  const t = useStore($chatMessages)
  // Students are offered learning questions; lesson plans and exercises to set are teachers' work.
  const student = useStore($clientType) === '3'
  const generic = student ? [t.studentStarter1, t.studentStarter2, t.studentStarter3, t.studentStarter4] : [t.starter1, t.starter2, t.starter3, t.starter4]
  const starters = own.starters?.length ? own.starters : generic.slice(0, compact ? 2 : 4)
  return (
    <div className="welcome" data-testid="welcome">
      <span className="welcome-mark" aria-hidden="true">
        <Icon name="sparkles" />
      </span>
      <h2 className="welcome-title">{own.title || t.welcomeTitle}</h2>
      <p className="welcome-text" data-testid="welcome-text">
        {own.text || (student ? t.welcomeTextStudent : t.welcomeText)}
      </p>
      <div className="starters">
        {starters.map(starter => (
          <button key={starter} type="button" className="starter" data-testid="starter" onClick={() => onAsk(starter)}>
            {starter}
          </button>
        ))}
      </div>
    </div>
  )
}

export const welcomeCss = `
.welcome { display: flex; flex-direction: column; align-items: center; text-align: center; gap: 8px; margin: auto; padding: 32px 8px; max-width: 680px; width: 100%; }
.welcome-mark {
  display: grid; place-items: center; width: 56px; height: 56px; border-radius: 18px; margin-bottom: 8px;
  background: linear-gradient(135deg, var(--_primary-strong), var(--_primary-hover)); color: var(--_on-primary);
  box-shadow: 0 10px 24px color-mix(in srgb, var(--_primary) 35%, transparent);
}
.welcome-mark .icon { width: 28px; height: 28px; }
.welcome-title { margin: 0; font-size: 24px; font-weight: 700; letter-spacing: -0.01em; }
.welcome-text { margin: 0 0 16px; color: var(--_text-muted); font-size: 14px; line-height: 1.6; }
.starters { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 10px; width: 100%; }
.starter {
  padding: 12px 14px; border: 1px solid var(--_border); border-radius: var(--_radius); background: var(--_bg-elevated);
  color: var(--_text); font: inherit; font-size: 14px; line-height: 1.5; text-align: left; cursor: pointer;
  transition: border-color 120ms, box-shadow 120ms, transform 120ms;
}
.starter:hover { border-color: var(--_primary); box-shadow: 0 4px 14px color-mix(in srgb, var(--_primary) 14%, transparent); transform: translateY(-1px); }
@container dialogue (max-width: 560px) {
  .starters { grid-template-columns: minmax(0, 1fr); }
  .welcome-title { font-size: 20px; }
}
`

Welcome.styles = styles(welcomeCss)
