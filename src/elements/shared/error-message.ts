import { ApiError, HttpError, TransportError } from '../../api/errors'
import type { $common } from '../../i18n'

/** The sentence to show inline for a failed call: the server's own message when it sent one. */
export function errorMessage(error: unknown, common: ReturnType<typeof $common.get>): string {
  if (error instanceof ApiError && error.message) return error.message
  if (error instanceof TransportError) return common.connecting
  if (error instanceof HttpError) return common.somethingWrong
  return common.operationFailed
}
