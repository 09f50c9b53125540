import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { answerLive, joinLive, postWall, type LiveQuestion, type LiveValue } from '../../api/live'
import { $common, $liveMessages } from '../../i18n'
import type { ElementProps } from '../shared/define-element'
import { errorMessage } from '../shared/error-message'
import { Field, FormError } from '../shared/ui'
import { correctKeys, optionLetter } from './answer-chart'
import { QuestionCard } from './question-card'
import { useLiveSession, useSecondsLeft } from './use-live-session'
import { Wall } from './wall'

export interface LiveStudentProps extends ElementProps {
  /** The code to join with, filled in (the QR code's link carries it). */
  code?: string
  /** A session already joined: follow it without asking for the code. */
  sessionId?: string
}

const WALL_MAX = 60

/** Whether `value` is the student's choice `key` (an option number or true/false). */
function chose(mine: LiveValue | null, key: string): boolean {
  if (mine === null) return false
  return Array.isArray(mine) ? mine.map(String).includes(key) : String(mine) === key
}

/**
 * A student's phone in class (375 px): join by code, the current question
 * with its countdown, one tap to answer, and the class wall. A dropped
 * connection comes back by itself where the session is.
 */
export function LiveStudent({ code: givenCode, sessionId: givenSession }: LiveStudentProps) {
  const t = useStore($liveMessages)
  const common = useStore($common)
  const [sessionId, setSessionId] = useState(givenSession)
  const [code, setCode] = useState(givenCode ?? '')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')

  const join = async () => {
    if (!code.trim()) return setError(t.codeRequired)
    setBusy(true)
    setError('')
    try {
      setSessionId((await joinLive(code.trim())).id)
    } catch (failure) {
      setError(errorMessage(failure, common))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="student" part="base" data-testid="live-student">
      <h1 part="header">{t.studentTitle}</h1>
      {sessionId ? (
        <InClass sessionId={sessionId} />
      ) : (
        <form
          className="join-form"
          part="body"
          onSubmit={event => {
            event.preventDefault()
            void join()
          }}>
          <Field label={t.codeLabel}>
            <input
              value={code}
              inputMode="text"
              autoComplete="off"
              autoCapitalize="characters"
              className="code-input"
              data-testid="code-input"
              onChange={e => setCode(e.target.value)}
            />
          </Field>
          <FormError message={error} testId="join-error" />
          <button type="submit" className="button primary" part="actions" disabled={busy} data-testid="join">
            {busy ? t.joining : t.join}
          </button>
        </form>
      )}
    </div>
  )
}

function InClass({ sessionId }: { sessionId: string }) {
  const t = useStore($liveMessages)
  const common = useStore($common)
  const { state, reconnecting, refused, noteAnswer } = useLiveSession(sessionId)
  const secondsLeft = useSecondsLeft(state.question?.closesAt, state.clockOffset)
  const [error, setError] = useState('')
  const [text, setText] = useState('')

  const answer = async (question: LiveQuestion, value: LiveValue) => {
    setError('')
    try {
      const stored = await answerLive(sessionId, question.questionId, value)
      noteAnswer(stored.value)
    } catch (failure) {
      setError(errorMessage(failure, common))
    }
  }
  const send = async () => {
    const words = text.trim()
    if (!words) return
    setError('')
    try {
      await postWall(sessionId, words)
      setText('')
    } catch (failure) {
      setError(errorMessage(failure, common))
    }
  }

  if (refused) return <FormError message={errorMessage(refused, common)} />
  const q = state.question
  const open = !!q && secondsLeft > 0 && !state.revealed && state.mine === null && !state.ended
  const calledMe = state.call && state.me && state.call.student.id === state.me.id

  return (
    <>
      {state.titles.length ? (
        <p className="muted class-title" data-testid="class-title">
          {state.titles.join(' · ')}
        </p>
      ) : null}
      {reconnecting && (
        <p className="notice" role="status" data-testid="reconnecting">
          {t.reconnecting}
        </p>
      )}
      {state.ended && (
        <p className="notice" data-testid="ended">
          {t.ended}
        </p>
      )}
      {calledMe && (
        <p className="notice called-me" role="status" data-testid="called-me">
          {t.youWereCalled}
        </p>
      )}
      {q ? (
        <QuestionCard question={q} secondsLeft={secondsLeft} revealed={state.revealed}>
          <Answering question={q} open={open} mine={state.mine} onAnswer={value => answer(q, value)} />
          {state.revealed && state.mine !== null && q.questionType !== 'blank' && <Verdict mine={state.mine} answer={state.revealed.answer} />}
        </QuestionCard>
      ) : (
        !state.ended && <p className="muted waiting">{t.waiting}</p>
      )}
      <FormError message={error} testId="live-error" />
      <section className="wall-side" part="body" aria-labelledby="wall-title">
        <h2 id="wall-title">{t.wall}</h2>
        {state.wallPaused ? (
          <p className="muted">{t.wallPaused}</p>
        ) : (
          !state.ended && (
            <form
              className="wall-form"
              onSubmit={event => {
                event.preventDefault()
                void send()
              }}>
              <input
                className="input"
                aria-label={t.wallInput}
                placeholder={t.wallInput}
                maxLength={WALL_MAX}
                value={text}
                data-testid="wall-input"
                onChange={e => setText(e.target.value)}
              />
              <button type="submit" className="button" disabled={!text.trim()} data-testid="wall-send">
                {t.send}
              </button>
            </form>
          )
        )}
        <Wall messages={state.wall} />
      </section>
    </>
  )
}

/** One tap answers a single choice or true/false; a multiple choice or a blank is sent with Submit. */
function Answering({
  question,
  open,
  mine,
  onAnswer,
}: {
  question: LiveQuestion
  open: boolean
  mine: LiveValue | null
  onAnswer: (value: LiveValue) => void
}) {
  const t = useStore($liveMessages)
  const [picked, setPicked] = useState<number[]>([])
  const [words, setWords] = useState('')
  if (question.questionType === 'blank') {
    return (
      <form
        className="blank-form"
        onSubmit={event => {
          event.preventDefault()
          if (words.trim()) onAnswer(words.trim())
        }}>
        <input
          className="input"
          aria-label={t.yourAnswer}
          value={mine === null ? words : String(mine)}
          disabled={!open}
          data-testid="blank-input"
          onChange={e => setWords(e.target.value)}
        />
        <button type="submit" className="button primary" disabled={!open || !words.trim()} data-testid="submit-answer">
          {t.submit}
        </button>
      </form>
    )
  }
  const choices =
    question.questionType === 'judge'
      ? [
          { key: 'true', letter: '', label: t.trueLabel, value: true as LiveValue },
          { key: 'false', letter: '', label: t.falseLabel, value: false as LiveValue },
        ]
      : (question.options ?? []).map((text, i) => ({ key: String(i), letter: optionLetter(i), label: text, value: i as LiveValue }))
  const multiple = question.questionType === 'multiple'
  return (
    <div className="choices" role="group" aria-label={t.yourAnswer}>
      {choices.map(choice => {
        const on = mine !== null ? chose(mine, choice.key) : multiple && picked.includes(Number(choice.key))
        return (
          <button
            key={choice.key}
            type="button"
            className="button choice"
            aria-pressed={on}
            disabled={!open}
            data-testid={`choice-${choice.key}`}
            onClick={() => {
              if (!multiple) return onAnswer(choice.value)
              const i = Number(choice.key)
              setPicked(p => (p.includes(i) ? p.filter(x => x !== i) : [...p, i]))
            }}>
            {choice.letter && <span className="letter">{choice.letter}</span>}
            <span>{choice.label}</span>
          </button>
        )
      })}
      {multiple && (
        <button
          type="button"
          className="button primary"
          disabled={!open || picked.length === 0}
          data-testid="submit-answer"
          onClick={() => onAnswer([...picked].sort((a, b) => a - b))}>
          {t.submit}
        </button>
      )}
    </div>
  )
}

/** Right or not, for a choice or true/false (a blank shows its accepted words instead). */
function Verdict({ mine, answer }: { mine: LiveValue; answer: unknown }) {
  const t = useStore($liveMessages)
  const right = correctKeys(answer).sort().join() === (Array.isArray(mine) ? mine.map(String).sort().join() : String(mine))
  return (
    <p className={right ? 'verdict right' : 'verdict wrong'} data-testid="verdict">
      {right ? t.youRight : t.youWrong}
    </p>
  )
}
