import { useStore } from '@nanostores/react'
import type { AssistantCard as Card } from '../../../api/assistants'
import { $assistantsMessages } from '../../../i18n'
import { Avatar } from './avatar'
import { FavoriteStar } from './favorite-star'
import { IconButton } from '../ui'
import { usePhrasing } from '../use-phrasing'

export interface AssistantCardProps {
  card: Card
  /** Where the card leads: the assistant chat, or the form of a form app. */
  href?: string
  onOpen?: () => void
  onFavorite: () => void
  onEdit?: () => void
  onDelete?: () => void
}

/** The chat page of an assistant (SPEC `/course/chat`), a link the host router follows. */
export function chatHref(assistantId: string, chatNumber = ''): string {
  return `/course/chat${chatNumber ? `/${encodeURIComponent(chatNumber)}` : ''}?assistantId=${encodeURIComponent(assistantId)}`
}

/** One app in the gallery: picture, name, what it does, who made it, and a star. */
export function AssistantCard({ card, href, onOpen, onFavorite, onEdit, onDelete }: AssistantCardProps) {
  const t = useStore($assistantsMessages)
  const say = usePhrasing()
  const badge = card.kind === 'inquiry' ? t.inquiryBadge : card.kind === 'form' ? t.formBadge : card.typeMode === 'sys' ? t.systemBadge : ''
  const body = (
    <>
      <Avatar id={card.id} title={card.title} src={card.avatar} />
      <span className="card-text">
        <span className="card-title">
          <span className="card-name">{card.title}</span>
          {badge ? <span className={`badge kind-${card.kind}`}>{badge}</span> : null}
        </span>
        <span className="card-description">{card.description}</span>
        {card.author ? <span className="card-author">{t.byAuthor({ name: card.author })}</span> : null}
      </span>
    </>
  )
  return (
    <article className="card" data-testid="assistant-card" data-id={card.id}>
      {href ? (
        <a className="card-main" href={href} title={say.labelled(card.title, card.kind === 'form' ? t.useForm : t.startChat)}>
          {body}
        </a>
      ) : (
        <button type="button" className="card-main" onClick={onOpen}>
          {body}
        </button>
      )}
      <div className="card-tools">
        {onEdit ? <IconButton icon="pen" label={t.edit} of={card.title} testId="edit-assistant" onClick={onEdit} /> : null}
        {onDelete ? <IconButton icon="trash" label={t.delete} of={card.title} testId="delete-assistant" onClick={onDelete} /> : null}
        <FavoriteStar favorite={card.favorite} onToggle={onFavorite} />
      </div>
    </article>
  )
}

export const assistantCardCss = `
.card {
  position: relative; display: flex; min-width: 0; border: 1px solid var(--_border); border-radius: var(--_radius);
  background: var(--_bg-elevated); transition: border-color 140ms, box-shadow 140ms, transform 140ms;
}
.card:hover { border-color: color-mix(in srgb, var(--_primary) 55%, var(--_border)); box-shadow: 0 8px 22px color-mix(in srgb, var(--_primary) 12%, transparent); transform: translateY(-1px); }
.card-main {
  display: flex; gap: 12px; align-items: flex-start; flex: 1; min-width: 0; padding: 16px 44px 16px 16px;
  border: 0; background: none; color: inherit; font: inherit; text-align: left; text-decoration: none; cursor: pointer; border-radius: inherit;
}
.card-text { display: flex; flex-direction: column; gap: 4px; min-width: 0; }
.card-title { display: flex; align-items: center; flex-wrap: wrap; gap: 2px 6px; min-width: 0; }
.card-name { font-size: 15px; font-weight: 600; overflow-wrap: anywhere; }
.card-description {
  color: var(--_text-muted); font-size: 13px; line-height: 1.55;
  display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden; min-height: 40px;
}
.card-author { color: var(--_text-muted); font-size: 12px; }
.card-tools { position: absolute; top: 8px; right: 8px; display: flex; flex-direction: column; gap: 2px; }
.star .icon.filled { fill: #f5b301; stroke: #f5b301; }
.star[aria-pressed='true'] { background: none; }
.badge.kind-inquiry { background: rgba(139, 92, 246, 0.12); color: color-mix(in srgb, #7c3aed 60%, var(--_text)); border-color: transparent; }
.badge.kind-form { background: rgba(16, 185, 129, 0.12); color: #059669; border-color: transparent; }
.badge.kind-chat { background: var(--_primary-soft); color: var(--_primary-strong); border-color: transparent; }
`
