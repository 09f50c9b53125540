import { useStore } from '@nanostores/react'
import { useState } from 'react'
import type { Generation } from '../../api/generations'
import { $generationsMessages } from '../../i18n'
import type { ElementProps } from '../shared/define-element'
import { NumberChoice } from './generator-form'
import { GeneratorPage, useGenerator } from './generator-page'
import { JobFooter } from './job-footer'
import { JobStatus } from './job-status'

/**
 * `<zx-image-generate>` (`/image/generate`): text to image for teaching.
 * Prompt, model, size, count and a teaching style; the gallery of past
 * results with save to the resource library and insert into a lesson.
 * Every picture carries the burned-in "AI生成" mark (server side).
 */
export function ImageGenerate(_props: ElementProps) {
  const t = useStore($generationsMessages)
  const generator = useGenerator('image')
  const [count, setCount] = useState(1)
  return (
    <GeneratorPage
      generator={generator}
      fields={
        <NumberChoice
          label={t.count}
          value={count}
          options={Array.from({ length: generator.model?.maxN ?? 1 }, (_, i) => i + 1)}
          word={String}
          onChange={setCount}
        />
      }
      onSubmit={() => void generator.start({ n: count })}
      gallery={list => <ImageGallery jobs={list} onChange={generator.jobs.refresh} onAgain={generator.again} />}
    />
  )
}

function ImageGallery({ jobs, onChange, onAgain }: { jobs: Generation[]; onChange: () => Promise<void>; onAgain: (job: Generation) => void }) {
  const t = useStore($generationsMessages)
  return (
    <ul className="job-list images">
      {jobs.map(job => (
        <li key={job.id} className="job-card" data-status={job.status}>
          {job.status === 'succeeded' ? (
            <div className="thumbs">
              {job.files.map(f => (
                <a key={f.id} href={f.url} target="_blank" rel="noreferrer" className="thumb">
                  <img src={f.url} alt={job.prompt} loading="lazy" />
                </a>
              ))}
            </div>
          ) : (
            <JobStatus job={job} />
          )}
          <JobFooter
            job={job}
            onChange={onChange}
            insert={async () => job.files}
            after={
              <button type="button" className="button small ghost" onClick={() => onAgain(job)}>
                {t.again}
              </button>
            }
          />
        </li>
      ))}
    </ul>
  )
}
