import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { commandBatchBody, commandBatchOut, COMMAND_BATCH_MAX, stopsBatch, type CommandBatchResult } from '../../../contracts/commands/commands.contract'
import { ANY_ROLE } from '../../http/auth-hook'

export type CommandBatchOptions = {
  /**
   * How long a batch may keep starting commands: past it, the answer carries the results so far and the client sends
   * the rest in its next request. The first command always runs.
   */
  budgetMs?: number
}

/** About 16-19 ms a command on the embedded database (ADR 0014's drain): a full batch fits well inside it. */
export const COMMAND_BATCH_BUDGET_MS = 10_000

/** Headers a command of the batch is sent with: the caller's, as if the client had sent it alone. */
const PASSED_HEADERS = ['authorization', 'accept-language', 'user-agent'] as const

/**
 * A run of the handheld's commands in one request (the drain of SPEC 11.9, ADR 0014): each goes through its own single route
 * (app.inject with the caller's headers), so authentication, roles, validation and exactly-once (command_id) are the
 * single route's, and a batch sent again answers each command's first result. In order, one after the other.
 */
export const commandRoutes: FastifyPluginAsyncZod<CommandBatchOptions> = async (app, opts) => {
  const budgetMs = opts.budgetMs ?? COMMAND_BATCH_BUDGET_MS
  app.post(
    '/commands/batch/',
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: ['commands'],
        summary: "Send a run of the handheld's commands in one request",
        description:
          `\`requests\`: 1 to ${COMMAND_BATCH_MAX} commands \`{command_id, path, body}\`, each a POST to one of the handheld's command routes (under /api): ` +
          '/inventory/moves/, /inventory/putaways/, /receiving/documents/{id}/receive/, /inventory/counts/{plan}/locations/{location}/, /shipping/short-picks/, /shipping/orders/{id}/ship/, /shipping/batches/{id}/cart/, /shipping/batches/{id}/picks/, /inventory/replenishment/confirm/. ' +
          'Any other path is a 400 for the whole batch and nothing runs. The commands run in order, one after the other, each exactly as if sent alone with the caller\'s token ' +
          '(its roles, validation and command_id: sent again, a command applies nothing new and answers its first result). ' +
          'The answer is 200 `{results: [{command_id, status, data}]}` in the same order, `status` and `data` being the single route\'s answer. A 4xx is that command\'s refusal ' +
          'and the next one runs; after a 401, 408, 429 or 5xx the batch stops: the commands after it are not run and have no result. The results may also stop early ' +
          'when the batch has run for a while (the first command always runs): the client sends the rest again.',
        body: commandBatchBody,
        response: { 200: commandBatchOut },
      },
    },
    async (req) => {
      const headers: Record<string, string> = { 'content-type': 'application/json' }
      for (const name of PASSED_HEADERS) {
        const value = req.headers[name]
        if (typeof value === 'string') headers[name] = value
      }
      const started = performance.now()
      const results: CommandBatchResult[] = []
      for (const [i, request] of req.body.requests.entries()) {
        if (i > 0 && performance.now() - started >= budgetMs) break
        const res = await app.inject({ method: 'POST', url: `/api${request.path}`, headers, remoteAddress: req.ip, payload: JSON.stringify(request.body) })
        let data: unknown = null
        if (res.body) {
          try {
            data = res.json()
          } catch {
            data = { detail: res.body }
          }
        }
        results.push({ command_id: request.command_id, status: res.statusCode, data })
        if (stopsBatch(res.statusCode)) break
      }
      return { results }
    },
  )
}
