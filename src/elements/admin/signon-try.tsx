import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { tryMapping, type MappedSample, type MappingRules, type SignonKind } from '../../api/signon'
import { $common, $locale, $signonMessages } from '../../i18n'
import { errorMessage } from '../shared/error-message'
import { formatList } from '../shared/format'
import { Field, FormError } from '../shared/ui'
import { typeLabel } from './signon-editor'

/** A sample of what each protocol sends, as a starting point to paste over. */
const SAMPLES: Record<SignonKind, Record<string, unknown>> = {
  oidc: { sub: 'a1b2c3', preferred_username: 'zhangsan', name: 'Zhang San', email: 'zhangsan@school.edu.cn', groups: ['teachers'] },
  cas: { user: 'T2024001', name: 'Zhang San', mail: 'zhangsan@school.edu.cn', groups: ['teachers'] },
  ldap: { dn: 'uid=zhangsan,ou=people,dc=school,dc=edu,dc=cn', uid: 'zhangsan', cn: 'Zhang San', mail: 'zhangsan@school.edu.cn', memberOf: ['teachers'] },
}

function parseSample(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text)
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null
  } catch {
    return null
  }
}

/** "Try it": what the rules being edited make of a pasted sample of claims or attributes; nothing is saved. */
export function SignonTry({ kind, rules }: { kind: SignonKind; rules: MappingRules }) {
  const t = useStore($signonMessages)
  const locale = useStore($locale)
  const [sample, setSample] = useState(() => JSON.stringify(SAMPLES[kind], null, 2))
  const [result, setResult] = useState<MappedSample | null>(null)
  const [error, setError] = useState('')

  async function run() {
    setResult(null)
    const claims = parseSample(sample)
    if (!claims) return setError(t.sampleInvalid)
    setError('')
    try {
      setResult(await tryMapping(kind, rules, claims))
    } catch (failure) {
      setError(errorMessage(failure, $common.get()))
    }
  }

  const shown = (value: string) => value || t.empty
  return (
    <section className="card" aria-labelledby="signon-try" data-testid="signon-try">
      <h3 id="signon-try">{t.tryTitle}</h3>
      <p className="muted">{t.tryHint}</p>
      <Field label={t.sample}>
        <textarea className="textarea" rows={6} name="sample" spellCheck={false} value={sample} onChange={e => setSample(e.target.value)} />
      </Field>
      <div className="row">
        <button type="button" className="button" onClick={() => void run()} data-testid="signon-try-run">
          {t.tryRun}
        </button>
      </div>
      <FormError message={error} />
      {result ? (
        <div role="status" data-testid="signon-try-result">
          <dl className="signon-result">
            <dt>{t.resultSubject}</dt>
            <dd>{shown(result.subject)}</dd>
            <dt>{t.resultUsername}</dt>
            <dd>{shown(result.username)}</dd>
            <dt>{t.resultName}</dt>
            <dd>{shown(result.name)}</dd>
            <dt>{t.resultEmail}</dt>
            <dd>{shown(result.email)}</dd>
            <dt>{t.resultNumber}</dt>
            <dd>{shown(result.number)}</dd>
            <dt>{t.resultTypes}</dt>
            <dd data-testid="signon-try-types">
              {result.clientTypes.length
                ? formatList(
                    result.clientTypes.map(type => typeLabel(t, type)),
                    locale,
                  )
                : t.resultNoType}
            </dd>
            <dt>{t.resultClasses}</dt>
            <dd>{result.classes.length ? formatList(result.classes, locale) : t.empty}</dd>
            <dt>{t.resultMajor}</dt>
            <dd>{shown(result.major)}</dd>
            <dt>{t.resultActive}</dt>
            <dd>{result.active ? t.resultActiveYes : t.resultActiveNo}</dd>
          </dl>
        </div>
      ) : null}
    </section>
  )
}
