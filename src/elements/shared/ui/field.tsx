import type { ReactNode } from 'react'

export interface FieldProps {
  /** The words above the control; the whole block is its `<label>`. */
  label: ReactNode
  /** A line under the control saying what the value is for. */
  hint?: ReactNode
  /** What is wrong with the value, announced (role=alert) and shown in red. */
  error?: ReactNode
  className?: string
  children: ReactNode
}

/** One labelled control of a form: label, control, then a hint or an error. */
export function Field({ label, hint, error, className, children }: FieldProps) {
  const classes = ['field', error ? 'invalid' : '', className ?? ''].filter(Boolean).join(' ')
  return (
    <label className={classes}>
      <span className="field-label">{label}</span>
      {children}
      {hint ? <span className="field-hint">{hint}</span> : null}
      {error ? (
        <span className="field-error" role="alert">
          {error}
        </span>
      ) : null}
    </label>
  )
}

export interface FieldSetProps {
  /** What the group of controls is about (its `<legend>`). */
  legend: ReactNode
  hint?: ReactNode
  className?: string
  children: ReactNode
}

/** Several controls answering one question (checkboxes, radio cards, a list of rows), labelled as one. */
export function FieldSet({ legend, hint, className, children }: FieldSetProps) {
  return (
    <fieldset className={className ? `field ${className}` : 'field'}>
      <legend className="field-label">{legend}</legend>
      {hint ? <span className="field-hint">{hint}</span> : null}
      {children}
    </fieldset>
  )
}

/** Why a form was refused, under it; read out at once (`role="alert"`). Nothing while there is no message. */
export function FormError({ message, testId }: { message: string | null | undefined; testId?: string }) {
  return message ? (
    <p className="form-error" role="alert" data-testid={testId}>
      {message}
    </p>
  ) : null
}
