import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { $mindmapsMessages } from '../../i18n'

export interface TopicFormProps {
  initial: string
  busy: boolean
  onGenerate: (topic: string) => void
  onStop: () => void
}

/** A topic to map (the model writes from its own knowledge), or Stop while a map is being written. */
export function TopicForm({ initial, busy, onGenerate, onStop }: TopicFormProps) {
  const t = useStore($mindmapsMessages)
  const [topic, setTopic] = useState(initial)
  return (
    <form
      className="mm-topic"
      part="topic"
      onSubmit={event => {
        event.preventDefault()
        if (topic.trim()) onGenerate(topic.trim())
      }}>
      <input
        className="input"
        value={topic}
        onChange={event => setTopic(event.target.value)}
        placeholder={t.topicPlaceholder}
        aria-label={t.topicPlaceholder}
        maxLength={200}
      />
      {busy ? (
        <button type="button" className="button" onClick={onStop}>
          {t.stop}
        </button>
      ) : (
        <button type="submit" className="button primary" disabled={!topic.trim()}>
          {t.generate}
        </button>
      )}
    </form>
  )
}
