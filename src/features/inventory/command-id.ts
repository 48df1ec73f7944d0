// the id itself is every desktop feature's (src/lib/command-id.ts): the stock forms and the wave release share it
export { newCommandId } from '../../lib/command-id'

/**
 * Whether the id may be sent again: when no answer came (network, 5xx, timeout) the command may have been applied,
 * so a retry must carry the same id; any definite answer (2xx, 4xx) ends it, and the next submit is a new command.
 */
export function commandAnswered(status: number): boolean {
  return status >= 200 && status < 500 && status !== 408
}
