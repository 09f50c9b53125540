/** Why a form was refused, under it; read out at once (`role="alert"`). Nothing while there is no message. */
export function FormError({ message, testId }: { message: string | null | undefined; testId?: string }) {
  return message ? (
    <p className="form-error" role="alert" data-testid={testId}>
      {message}
    </p>
  ) : null
}
