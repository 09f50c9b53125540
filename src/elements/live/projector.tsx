import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { callStudent, endLive, markCall, revealLiveQuestion, setWallMessage, setWallState, type CallMark } from '../../api/live'
import { $common, $liveMessages } from '../../i18n'
import { errorMessage } from '../shared/error-message'
import { detailHref } from '../shared/links'
import type { ElementProps } from '../shared/define-element'
import { ConfirmDialog, FormError } from '../shared/ui'
import { usePhrasing } from '../shared/use-phrasing'
import { AnswerChart, optionLetter } from './answer-chart'
import { JoinCode } from './join-code'
import { QuestionForm } from './question-form'
import { QuestionCard } from './question-card'
import { useLiveSession, useSecondsLeft } from './use-live-session'
import { Wall } from './wall'

export interface LiveProjectorProps extends ElementProps {
  /** The session to show (POST /course/live answers its id). */
  sessionId?: string
}

const MARKS: readonly CallMark[] = ['right', 'partly', 'wrong']

/**
 * The teacher's screen at the projector, readable from the back of the
 * room: the join code and its QR code, who is present, random call with its
 * mark, a timed question with its live chart and reveal, the class wall and
 * its controls, and the end of the session.
 */
export function LiveProjector({ sessionId }: LiveProjectorProps) {
  const t = useStore($liveMessages)
  const common = useStore($common)
  const phrase = usePhrasing()
  const { state, reconnecting, refused } = useLiveSession(sessionId)
  const [showNames, setShowNames] = useState(false)
  const [asking, setAsking] = useState(false)
  const [allowRepeat, setAllowRepeat] = useState(false)
  const [confirmEnd, setConfirmEnd] = useState(false)
  const [error, setError] = useState('')
  const secondsLeft = useSecondsLeft(state.question?.closesAt, state.clockOffset)

  if (!sessionId)
    return (
      <div className="projector" part="base" data-testid="live-projector">
        <h1 part="header">{t.projectorTitle}</h1>
        <p className="muted">{t.noSession}</p>
      </div>
    )
  const act = async (work: () => Promise<unknown>) => {
    setError('')
    try {
      await work()
    } catch (failure) {
      setError(errorMessage(failure, common))
    }
  }
  const q = state.question
  const markName = { right: t.markRight, partly: t.markPartly, wrong: t.markWrong }

  return (
    <div className="projector" part="base" data-testid="live-projector">
      <header className="projector-head" part="header">
        <div className="projector-title">
          <h1>{t.projectorTitle}</h1>
          {state.titles.length ? (
            <p className="muted class-title" data-testid="class-title">
              {state.titles.join(' · ')}
            </p>
          ) : null}
        </div>
        {reconnecting && <p className="notice">{t.reconnecting}</p>}
        {state.ended ? (
          <p className="notice" data-testid="ended">
            {t.ended}
            {state.courseId ? (
              <>
                {' '}
                <a href={detailHref(state.courseId, { tab: 'board' })} data-testid="report-link">
                  {t.seeReport}
                </a>
              </>
            ) : null}
          </p>
        ) : (
          <button type="button" className="button danger" data-testid="end-session" onClick={() => setConfirmEnd(true)}>
            {t.endSession}
          </button>
        )}
      </header>
      {refused ? <FormError message={errorMessage(refused, common)} /> : null}
      <FormError message={error} />
      <div className="projector-grid" part="body">
        <aside className="side">
          {!state.ended && <JoinCode sessionId={sessionId} />}
          <section className="present" aria-labelledby="present-label">
            <p id="present-label" className="code-label">
              {t.presentLabel}
            </p>
            <p className="present-count" data-testid="present-count">
              {state.present}
            </p>
            <button type="button" className="button" aria-expanded={showNames} onClick={() => setShowNames(!showNames)} data-testid="toggle-names">
              {showNames ? t.hideNames : t.showNames}
            </button>
            {showNames &&
              (state.students.length ? (
                <ul className="names" data-testid="names">
                  {state.students.map(s => (
                    <li key={s.id}>{s.late ? phrase.withAside(s.name, t.late) : s.name}</li>
                  ))}
                </ul>
              ) : (
                <p className="muted">{t.noStudents}</p>
              ))}
          </section>
        </aside>
        <main className="stage">
          {state.call && (
            <section className="call" aria-labelledby="call-label" data-testid="call">
              <p id="call-label" className="code-label">
                {t.called}
              </p>
              <p className="call-name" data-testid="call-name">
                {state.call.student.name}
              </p>
              <div className="marks" role="group" aria-label={state.call.student.name}>
                {MARKS.map(mark => (
                  <button
                    key={mark}
                    type="button"
                    className="button"
                    aria-pressed={state.call?.mark === mark}
                    data-testid={`mark-${mark}`}
                    onClick={() => act(() => markCall(sessionId, state.call!.callId, mark))}>
                    {markName[mark]}
                  </button>
                ))}
              </div>
            </section>
          )}
          {q && (
            <section className="question" aria-labelledby="question-stem">
              <QuestionCard question={q} secondsLeft={secondsLeft} revealed={state.revealed}>
                <ol className="options">
                  {(q.options ?? []).map((option, i) => (
                    <li key={i}>{phrase.labelled(optionLetter(i), option)}</li>
                  ))}
                </ol>
              </QuestionCard>
              <p className="answered" data-testid="answered">
                {phrase.labelled(t.answered, `${state.tally?.answered ?? 0} / ${state.present}`)}
              </p>
              <AnswerChart question={q} tally={state.tally} revealed={state.revealed} />
              {state.revealed ? (
                <p className="revealed" data-testid="revealed">
                  {phrase.labelled(t.correctCount, `${state.revealed.correct} / ${state.revealed.answered}`)}
                </p>
              ) : (
                <button type="button" className="button primary" data-testid="reveal" onClick={() => act(() => revealLiveQuestion(sessionId, q.questionId))}>
                  {t.reveal}
                </button>
              )}
            </section>
          )}
          {!state.ended && (
            <div className="actions" part="actions">
              <button type="button" className="button primary" data-testid="random-call" onClick={() => act(() => callStudent(sessionId, allowRepeat))}>
                {t.randomCall}
              </button>
              <label className="check">
                <input type="checkbox" checked={allowRepeat} onChange={e => setAllowRepeat(e.target.checked)} />
                {t.allowRepeat}
              </label>
              <button type="button" className="button" aria-expanded={asking} data-testid="new-question" onClick={() => setAsking(!asking)}>
                {t.newQuestion}
              </button>
            </div>
          )}
          {asking && state.courseId && <QuestionForm sessionId={sessionId} courseId={state.courseId} onPushed={() => setAsking(false)} />}
        </main>
        <section className="side wall-side" aria-labelledby="wall-title">
          <h2 id="wall-title">{t.wall}</h2>
          <div className="wall-controls">
            <button type="button" className="button" data-testid="wall-pause" onClick={() => act(() => setWallState(sessionId, { paused: !state.wallPaused }))}>
              {state.wallPaused ? t.wallResume : t.wallPause}
            </button>
            <button
              type="button"
              className="button"
              data-testid="wall-anonymous"
              onClick={() => act(() => setWallState(sessionId, { anonymous: !state.wallAnonymous }))}>
              {state.wallAnonymous ? t.wallNamed : t.wallAnonymous}
            </button>
          </div>
          <Wall
            messages={state.wall}
            onHide={m => act(() => setWallMessage(sessionId, m.id, { hidden: true }))}
            onAnonymous={m => act(() => setWallMessage(sessionId, m.id, { anonymous: true }))}
          />
        </section>
      </div>
      {confirmEnd && (
        <ConfirmDialog
          heading={t.endSession}
          message={t.endConfirm}
          confirmLabel={t.endSession}
          onCancel={() => setConfirmEnd(false)}
          onConfirm={() => {
            setConfirmEnd(false)
            void act(() => endLive(sessionId))
          }}
        />
      )}
    </div>
  )
}
