import { ApiError, readDrfError } from '../../lib/api-client'

/** SPEC 8: what follows 'Erro ao consultar estoque: ' — the server's detail, else the status text, else the message. */
export function stockErrorText(error: unknown): string {
  const detail = readDrfError(error).detail
  if (detail) return detail
  if (error instanceof ApiError && error.statusText) return error.statusText
  return error instanceof Error ? error.message : String(error)
}
