import { Icon } from './icons'

export interface SearchFieldProps {
  /** Both the placeholder and the accessible name. */
  label: string
  value: string
  onChange: (value: string) => void
  /**
   * `boxed`: the label draws the box and the input is bare (`.search-input`:
   * the assistant galleries, the chat list, the prompt store); otherwise the
   * input is the kit's `.input` with the magnifier inside it (the libraries).
   */
  boxed?: boolean
  /** More classes on the label, besides `search`. */
  className?: string
  testId?: string
}

/** A search box: the magnifier and a search input. Each area places and sizes `.search`. */
export function SearchField({ label, value, onChange, boxed, className, testId }: SearchFieldProps) {
  return (
    <label className={className ? `search ${className}` : 'search'}>
      <Icon name="search" />
      <input
        type="search"
        className={boxed ? 'search-input' : 'input'}
        placeholder={label}
        aria-label={label}
        value={value}
        data-testid={testId}
        onChange={event => onChange(event.target.value)}
      />
    </label>
  )
}
