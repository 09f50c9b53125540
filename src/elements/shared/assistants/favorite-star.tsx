import { useStore } from '@nanostores/react'
import { $assistantsMessages } from '../../../i18n'
import { Icon } from '../ui'

/** The star on cards and on the chat bar: pressed when the assistant is a favourite. */
export function FavoriteStar({ favorite, onToggle, testId = 'favorite', part }: { favorite: boolean; onToggle: () => void; testId?: string; part?: string }) {
  const t = useStore($assistantsMessages)
  const label = favorite ? t.unfavorite : t.favorite
  return (
    <button
      type="button"
      className="icon-button star"
      aria-pressed={favorite}
      aria-label={label}
      title={label}
      data-testid={testId}
      part={part}
      onClick={onToggle}>
      <Icon name="star" filled={favorite} />
    </button>
  )
}
