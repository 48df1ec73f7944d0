import { parseArgs } from 'node:util'
import { asc, eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { companies } from '../db/schema/core'
import { ROLES, type Role, users } from '../db/schema/users'
import { notifySessionEvent } from '../http/session-events'
import { revokeUserSessions } from '../modules/auth/auth.service'
import { hashPassword, PASSWORD_MIN_LENGTH } from '../modules/auth/passwords'

/** A mistake the operator can fix: printed without a stack, exit code 1. */
export class CliError extends Error {}

// the same rule as the users API (master-data.routes.ts)
const USERNAME = /^[\w.@+-]{1,150}$/

function checkPassword(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) throw new CliError(`The password is too short: at least ${PASSWORD_MIN_LENGTH} characters.`)
  if (password.length > 512) throw new CliError('The password is too long: at most 512 characters.')
}

async function findUser(db: Db, username: string) {
  const [user] = await db.select({ id: users.id, isActive: users.isActive }).from(users).where(eq(users.username, username)).limit(1)
  if (!user) throw new CliError(`No user named "${username}".`)
  return user
}

export async function createUser(db: Db, input: { username: string; role: string; companyCode: string; password: string }): Promise<{ id: number }> {
  if (!USERNAME.test(input.username)) throw new CliError('A username has 1 to 150 letters, digits or @ . + - _ characters.')
  if (!(ROLES as readonly string[]).includes(input.role)) throw new CliError(`Unknown role "${input.role}": use ${ROLES.join(', ')}.`)
  checkPassword(input.password)
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.code, input.companyCode)).limit(1)
  if (!company) {
    const known = (await db.select({ code: companies.code }).from(companies).orderBy(asc(companies.code))).map((c) => c.code)
    throw new CliError(`No company with code "${input.companyCode}".${known.length ? ` Known: ${known.join(', ')}.` : ' The database has no company yet: run npm run db:seed first.'}`)
  }
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.username, input.username)).limit(1)
  if (taken) throw new CliError(`A user named "${input.username}" already exists.`)
  const [row] = await db
    .insert(users)
    .values({ username: input.username, role: input.role as Role, companyId: company.id, passwordHash: await hashPassword(input.password) })
    .returning({ id: users.id })
  return row
}

export async function setPassword(db: Db, username: string, password: string): Promise<void> {
  checkPassword(password)
  const user = await findUser(db, username)
  await db.update(users).set({ passwordHash: await hashPassword(password) }).where(eq(users.id, user.id))
  // SPEC 15.1: a new password ends the sessions signed in with the old one, on every running server
  await revokeUserSessions(db, user.id, 'password changed from the command line')
  await notifySessionEvent(db, { user: user.id })
}

/** Disabling ends every session at once (SPEC 7: "Disabling a user ends their sessions"). */
export async function disableUser(db: Db, username: string): Promise<{ alreadyDisabled: boolean }> {
  const user = await findUser(db, username)
  await db.update(users).set({ isActive: false }).where(eq(users.id, user.id))
  await revokeUserSessions(db, user.id, 'disabled from the command line')
  await notifySessionEvent(db, { user: user.id })
  return { alreadyDisabled: !user.isActive }
}

export type UserListRow = { username: string; role: Role; company: string; active: boolean; lastLogin: Date | null }

export async function listUsers(db: Db): Promise<UserListRow[]> {
  return db
    .select({ username: users.username, role: users.role, company: companies.code, active: users.isActive, lastLogin: users.lastLoginAt })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .orderBy(asc(companies.code), asc(users.username))
}

export function formatUserTable(rows: UserListRow[]): string {
  const table = [
    ['USERNAME', 'ROLE', 'COMPANY', 'ACTIVE', 'LAST LOGIN'],
    ...rows.map((r) => [r.username, r.role, r.company, r.active ? 'yes' : 'no', r.lastLogin ? r.lastLogin.toISOString() : '-']),
  ]
  const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)))
  return table.map((row) => row.map((cell, i) => cell.padEnd(widths[i])).join('  ').trimEnd()).join('\n')
}

export const USAGE = `Usage: npm run user -- <command>
  create NAME --role admin|supervisor|operator --company CODE [--password P]
  passwd NAME [--password P]
  disable NAME
  list
Without --password the password is asked twice on the terminal (hidden).`

export type UserCommandDeps = {
  db: Db
  /** ask for a password (hidden, twice on a terminal); only called when --password is absent */
  readPassword: (prompt: string) => Promise<string>
  out: (line: string) => void
}

/** `npm run user -- ...`: the command line parsed and run against a database. */
export async function runUserCommand(argv: string[], deps: UserCommandDeps): Promise<void> {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { role: { type: 'string' }, company: { type: 'string' }, password: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    })
  } catch (e) {
    throw new CliError(`${(e as Error).message}\n${USAGE}`)
  }
  const { values, positionals } = parsed
  const [command, name, ...rest] = positionals
  if (values.help || !command) {
    deps.out(USAGE)
    return
  }
  if (rest.length) throw new CliError(`Unexpected argument(s): ${rest.join(' ')}\n${USAGE}`)
  const needName = () => {
    if (!name) throw new CliError(`"${command}" needs a user name.\n${USAGE}`)
    return name
  }
  const password = async () => values.password ?? (await deps.readPassword('Password: '))

  switch (command) {
    case 'create': {
      const username = needName()
      if (!values.role) throw new CliError(`create needs --role (${ROLES.join(', ')}).`)
      if (!values.company) throw new CliError('create needs --company CODE.')
      await createUser(deps.db, { username, role: values.role, companyCode: values.company, password: await password() })
      deps.out(`Created ${values.role} "${username}" in company ${values.company}.`)
      return
    }
    case 'passwd': {
      const username = needName()
      await findUser(deps.db, username)
      await setPassword(deps.db, username, await password())
      deps.out(`Password changed for "${username}".`)
      return
    }
    case 'disable': {
      const username = needName()
      const { alreadyDisabled } = await disableUser(deps.db, username)
      deps.out(alreadyDisabled ? `"${username}" was already disabled; any session left is revoked.` : `Disabled "${username}" and ended their sessions.`)
      return
    }
    case 'list':
      if (name) throw new CliError(`list takes no argument.\n${USAGE}`)
      deps.out(formatUserTable(await listUsers(deps.db)))
      return
    default:
      throw new CliError(`Unknown command "${command}".\n${USAGE}`)
  }
}
