import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ANY_ROLE } from '../../http/auth-hook'
import { detailOut } from '../../../contracts/primitives'
import { loginBody, logoutBody, meOut, passwordChangeBody, preferencesOut, preferencesPatch, refreshBody, tokenPairOut } from '../../../contracts/auth/auth.contract'
import { changeOwnPassword, login, me, patchPreferences, preferences, refresh, revokeSession, sessionIdOfRefresh } from './auth.service'

/** Public auth routes: login and refresh need no access token. */
export const authPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with username and password',
        body: loginBody,
        response: { 200: tokenPairOut, 401: detailOut, 429: detailOut },
      },
    },
    async (req) => login(app.deps, { ...req.body, ip: req.ip, userAgent: req.headers['user-agent'] }),
  )

  const refreshHandler = {
    schema: {
      tags: ['auth'],
      summary: 'Rotate a refresh token for a new token pair',
      body: refreshBody,
      response: { 200: tokenPairOut, 401: detailOut },
    },
  }
  app.post('/auth/refresh', refreshHandler, async (req) => refresh(app.deps, req.body.refresh))
  // SPEC 7: the client prepends the base path to a path that already has /api
  app.post('/api/auth/refresh', { ...refreshHandler, schema: { ...refreshHandler.schema, hide: true } }, async (req) =>
    refresh(app.deps, req.body.refresh),
  )
}

/** Auth routes that need a signed-in user. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/auth/me', { config: { roles: ANY_ROLE }, schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: meOut } } }, async (req) =>
    me(app.deps.db, req.user.id),
  )

  app.post(
    '/auth/password/',
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: ['auth'],
        summary: 'Change my own password',
        description:
          "The current password is checked (counted by the login throttle); the new one follows the users' rules. Every other session of the user ends; this one stays.",
        body: passwordChangeBody,
        response: { 204: z.null().describe('changed') },
      },
    },
    async (req, reply) => {
      await changeOwnPassword(app.deps, { userId: req.user.id, sessionId: req.user.sessionId, ip: req.ip }, req.body)
      return reply.status(204).send(null)
    },
  )

  app.get(
    '/auth/preferences/',
    { config: { roles: ANY_ROLE }, schema: { tags: ['auth'], summary: 'My preferences (default printer)', response: { 200: preferencesOut } } },
    async (req) => preferences(app.deps.db, req.user.id),
  )
  app.patch(
    '/auth/preferences/',
    {
      config: { roles: ANY_ROLE },
      schema: { tags: ['auth'], summary: 'Change my preferences', description: "The default printer is one of the company's printers, or null.", body: preferencesPatch, response: { 200: preferencesOut } },
    },
    async (req) => patchPreferences(app.deps.db, { userId: req.user.id, companyId: req.user.companyId }, req.body),
  )

  // a sign-out may come without a body, with or without a JSON content type (OpenAPI: the body is optional)
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    if (text.trim() === '') return done(null, undefined)
    try {
      done(null, JSON.parse(text))
    } catch {
      done(Object.assign(new Error('JSON parse error.'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' }), undefined)
    }
  })

  app.post(
    '/auth/logout',
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: ['auth'],
        summary: 'End this session (revokes its refresh-token family)',
        description:
          'The bearer names the session to end; the body is optional. A refresh token in the body, of another session of the same user, ends that one too. ' +
          'Afterwards the access token and the refresh token are refused by every server process.',
        body: logoutBody,
        response: { 204: z.null().describe('the session has ended') },
      },
    },
    async (req, reply) => {
      await revokeSession(app.deps.db, req.user.sessionId, 'logout')
      await app.deps.events.publish({ session: req.user.sessionId })
      const other = req.body?.refresh ? await sessionIdOfRefresh(app.deps.db, req.body.refresh) : undefined
      if (other && other !== req.user.sessionId) {
        await revokeSession(app.deps.db, other, 'logout', req.user.id)
        await app.deps.events.publish({ session: other })
      }
      return reply.status(204).send(null)
    },
  )
}
