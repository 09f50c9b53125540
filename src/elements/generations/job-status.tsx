import { useStore } from '@nanostores/react'
import type { Generation } from '../../api/generations'
import { $generationsMessages } from '../../i18n'

/** A job's state in words, with a progress bar while it runs. */
export function JobStatus({ job }: { job: Generation }) {
  const t = useStore($generationsMessages)
  const words: Record<Generation['status'], string> = {
    queued: t.statusQueued,
    running: t.statusRunning.replace('{progress}', String(job.progress)),
    succeeded: t.statusSucceeded,
    failed: t.statusFailed,
    cancelled: t.statusCancelled,
  }
  return (
    <div className={`job-status ${job.status}`}>
      <span className="badge" data-status={job.status}>
        {words[job.status]}
      </span>
      {job.status === 'running' || job.status === 'queued' ? (
        <progress max={100} value={job.status === 'running' ? job.progress : undefined} aria-label={words[job.status]} />
      ) : null}
      {job.status === 'failed' && job.error ? (
        <p className="job-error" role="alert">
          {job.error}
        </p>
      ) : null}
    </div>
  )
}
