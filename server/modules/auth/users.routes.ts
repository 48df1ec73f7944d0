import { eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db, DbOrTx } from '../../db/client'
import { sites, warehouses } from '../../db/schema/core'
import { ROLES, users } from '../../db/schema/users'
import { crudRoutes, refInCompany } from '../../http/crud'
import { fieldError } from '../../http/errors'
import { countStar } from '../../http/pagination'
import { userBody, userFilters, userOut } from '../../../contracts/auth/auth.contract'
import { revokeUserSessions } from './auth.service'
import { hashPassword } from './passwords'

const count = (db: Db) => db.select({ count: countStar }).from(users).$dynamic()

/** Drop keys the client did not send, so PATCH touches only what it names. */
function defined<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>
}

/** /api/users/users/: the auth module owns the users table (ADR 0009), so it registers the screen's resource too. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  // Users: admins write; a disabled user's sessions end at once.
  const userValues = async ({ db, user, id }: { db: DbOrTx; user: { id: number; companyId: number }; id?: number }, b: Partial<z.infer<typeof userBody>>) => {
    if (id === user.id && b.is_active === false) throw fieldError('is_active', 'You cannot disable your own account.')
    if (id === user.id && b.role !== undefined && b.role !== 'admin') throw fieldError('role', 'You cannot remove your own admin role.')
    return defined({
      username: b.username,
      passwordHash: b.password === undefined ? undefined : await hashPassword(b.password),
      role: b.role,
      firstName: b.first_name,
      lastName: b.last_name,
      email: b.email,
      isActive: b.is_active,
      defaultSiteId: b.default_site === undefined ? undefined : await refInCompany(db, sites, user.companyId, b.default_site, 'default_site'),
      defaultWarehouseId:
        b.default_warehouse === undefined ? undefined : await refInCompany(db, warehouses, user.companyId, b.default_warehouse, 'default_warehouse'),
    })
  }
  await app.register(
    crudRoutes({
      prefix: '/users/users',
      tag: 'users',
      table: users,
      rows: (db) =>
        db
          .select({
            id: users.id,
            username: users.username,
            role: users.role,
            first_name: users.firstName,
            last_name: users.lastName,
            email: users.email,
            is_active: users.isActive,
            default_site: { id: sites.id, code: sites.code },
            default_warehouse: { id: warehouses.id, code: warehouses.code },
            last_login_at: users.lastLoginAt,
          })
          .from(users)
          .leftJoin(sites, eq(sites.id, users.defaultSiteId))
          .leftJoin(warehouses, eq(warehouses.id, users.defaultWarehouseId))
          .$dynamic(),
      count: (db) => count(db),
      serialize: (r) => ({ ...r, last_login_at: r.last_login_at ? r.last_login_at.toISOString() : null }),
      output: userOut,
      searchFields: [users.username, users.firstName, users.lastName, users.email],
      ordering: { id: users.id, username: users.username, role: users.role, is_active: users.isActive, last_login_at: users.lastLoginAt },
      defaultOrdering: 'username',
      filters: {
        schema: userFilters,
        where: (q) => [
          q.role ? eq(users.role, q.role as (typeof ROLES)[number]) : undefined,
          q.is_active ? eq(users.isActive, q.is_active === 'true') : undefined,
        ],
      },
      create: { body: userBody, values: userValues },
      update: { body: userBody.partial(), values: userValues },
      writeRoles: ['admin'],
      canDelete: false,
      afterWrite: async ({ db, user }, id, body) => {
        const [u] = await db.select({ isActive: users.isActive }).from(users).where(eq(users.id, id))
        if (u && !u.isActive) await revokeUserSessions(db, id, 'user disabled')
        // SPEC 15.1: a password set by an admin ends the user's sessions (an admin setting their own keeps this one)
        else if (body.password !== undefined) await revokeUserSessions(db, id, 'password changed', id === user.id ? user.sessionId : undefined)
        // a role or active flag the auth hook remembered is read again on the next request, on every server process
        await app.deps.events.publish({ user: id })
      },
    }),
  )
}
