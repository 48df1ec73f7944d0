import { and, count, eq, gt, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { DbOrTx } from '../../db/client'
import { companies } from '../../db/schema/core'
import { suppliers } from '../../db/schema/partners'
import { emailOutbox, supplierIssueTypes, supplierIssues } from '../../db/schema/quality'
import { enqueueMail } from './email-outbox'
import { type Role, users } from '../../db/schema/users'
import { ApiError, fieldError, notFound } from '../../http/errors'

/** The issue types every company starts with (SPEC 2.15). */
export const DEFAULT_ISSUE_TYPES = ['Avaria', 'Atraso', 'Divergência de quantidade', 'Qualidade', 'Documentação']

export async function ensureIssueTypes(db: DbOrTx): Promise<void> {
  // companies created after the demo data (npm run user) get the defaults on the next start
  await db.execute(sql`
    insert into ${supplierIssueTypes} (company_id, name)
    select c.id, t.name from ${companies} c
    cross join unnest(${sql.raw(`array[${DEFAULT_ISSUE_TYPES.map((n) => `'${n.replace(/'/g, "''")}'`).join(', ')}]::text[]`)}) as t(name)
    where not exists (select 1 from ${supplierIssueTypes} s where s.company_id = c.id)
    on conflict do nothing`)
}

const emailSchema = z.email()
/** One address or several separated by commas or semicolons; null when blank. */
export function parseEmailTo(raw: string | null | undefined): string[] | null {
  const list = (raw ?? '')
    .split(/[,;]/)
    .map((s) => s.trim())
    .filter(Boolean)
  if (!list.length) return null
  if (list.length > 10) throw fieldError('email_to', 'Give at most 10 addresses.')
  for (const a of list) if (a.length > 254 || !emailSchema.safeParse(a).success) throw fieldError('email_to', `Enter a valid email address ("${a}").`)
  return list
}

export const SEVERITY_WORDS: Record<number, string> = { 1: 'muito alta', 2: 'alta', 3: 'média', 4: 'baixa', 5: 'muito baixa' }

export type ReportInput = { issueTypeId: number | null; severity: number; description: string; email: boolean; emailTo: string | null | undefined }

/** SPEC 2.15: store the issue with who and when; with email on, put the message in the outbox in the same transaction. */
/** Who may send a supplier-issue e-mail to an address the company does not have on file (SPEC 15.3). */
export const FREE_ADDRESS_ROLES: readonly Role[] = ['admin', 'supervisor']
/** E-mails a user, and a whole company, may send per hour through supplier issues. */
export const EMAILS_PER_USER_HOUR = 20
export const EMAILS_PER_COMPANY_HOUR = 200

/**
 * SPEC 15.3: a supplier-issue e-mail goes to addresses the company has on file (the supplier's, its users') unless
 * the sender may write free addresses, and no more than so many per hour per user and per company.
 */
async function checkEmailAddresses(db: DbOrTx, user: { id: number; companyId: number; role?: Role }, supplierEmail: string | null, given: string[] | null): Promise<void> {
  if (given && !(user.role && FREE_ADDRESS_ROLES.includes(user.role))) {
    const onFile = new Set((parseEmailTo(supplierEmail) ?? []).map((a) => a.toLowerCase()))
    const known = await db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.companyId, user.companyId), sql`lower(${users.email}) in (${sql.join(given.map((a) => sql`${a.toLowerCase()}`), sql`, `)})`))
    for (const k of known) if (k.email) onFile.add(k.email.toLowerCase())
    const unknown = given.filter((a) => !onFile.has(a.toLowerCase()))
    if (unknown.length) {
      throw fieldError('email_to', `Only addresses on file (the supplier's or a user's) can be written here; ask a supervisor to send to: ${unknown.join(', ')}.`)
    }
  }
}

/** The advisory lock class of the supplier e-mail quota (pg_advisory_xact_lock(class, company)); any constant. */
const EMAIL_QUOTA_LOCK = 0x51_4d_41_49 // "QMAI"

/**
 * The hourly quota, checked inside the transaction that stores the issue and its mail: a transaction-scoped advisory
 * lock per company serializes the check and the insert of every sender of that company, on every connection and
 * every server process sharing the database, so 40 requests at once get exactly the quota's worth (the count runs
 * after the lock is granted, and READ COMMITTED gives that statement a snapshot with the previous holder's insert).
 */
async function takeEmailQuota(tx: DbOrTx, user: { id: number; companyId: number }): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${EMAIL_QUOTA_LOCK}::int, ${user.companyId}::int)`)
  const since = sql`now() - interval '1 hour'`
  const recent = (where: ReturnType<typeof and>) =>
    tx
      .select({ n: count() })
      .from(supplierIssues)
      .where(and(eq(supplierIssues.email, true), gt(supplierIssues.createdAt, since), where))
  const [mine] = await recent(and(eq(supplierIssues.companyId, user.companyId), eq(supplierIssues.createdById, user.id)))
  const [theirs] = await recent(eq(supplierIssues.companyId, user.companyId))
  if (Number(mine.n) >= EMAILS_PER_USER_HOUR || Number(theirs.n) >= EMAILS_PER_COMPANY_HOUR) {
    throw new ApiError(429, { detail: 'Too many supplier e-mails in the last hour. Try again later.' }, { 'retry-after': '3600' })
  }
}

export async function reportSupplierIssue(db: DbOrTx, user: { id: number; companyId: number; role?: Role }, supplierId: number, input: ReportInput): Promise<number> {
  const [supplier] = await db
    .select({ id: suppliers.id, code: suppliers.code, name: suppliers.name, email: suppliers.email })
    .from(suppliers)
    .where(and(eq(suppliers.id, supplierId), eq(suppliers.companyId, user.companyId)))
  if (!supplier) throw notFound('No such supplier.')
  let typeName: string | null = null
  if (input.issueTypeId !== null) {
    const [t] = await db
      .select({ name: supplierIssueTypes.name })
      .from(supplierIssueTypes)
      .where(and(eq(supplierIssueTypes.id, input.issueTypeId), eq(supplierIssueTypes.companyId, user.companyId)))
    if (!t) throw fieldError('issue_type', `Invalid pk "${input.issueTypeId}" - object does not exist.`)
    typeName = t.name
  }
  const given = parseEmailTo(input.emailTo)
  const recipients = input.email ? (given ?? parseEmailTo(supplier.email)) : given
  if (input.email && !recipients) throw fieldError('email_to', 'Give an address: the supplier has no email on file.')
  if (input.email && recipients) await checkEmailAddresses(db, user, supplier.email, given)
  const [{ companyName }] = await db.select({ companyName: companies.name }).from(companies).where(eq(companies.id, user.companyId))
  const [{ username }] = await db.select({ username: users.username }).from(users).where(eq(users.id, user.id))

  return db.transaction(async (tx) => {
    if (input.email && recipients) await takeEmailQuota(tx, user)
    const [issue] = await tx
      .insert(supplierIssues)
      .values({
        companyId: user.companyId,
        supplierId,
        issueTypeId: input.issueTypeId,
        severity: input.severity,
        description: input.description,
        email: input.email,
        emailTo: recipients ? recipients.join(', ') : null,
        createdById: user.id,
      })
      .returning({ id: supplierIssues.id, createdAt: supplierIssues.createdAt })
    if (input.email && recipients) {
      const what = typeName ?? 'Ocorrência'
      const [mail] = await tx.insert(emailOutbox).values({
        companyId: user.companyId,
        to: recipients.join(', '),
        subject: `[${companyName}] ${what} - ${supplier.code} ${supplier.name} (ocorrência #${issue.id})`,
        body: [
          `Prezado fornecedor ${supplier.name} (${supplier.code}),`,
          '',
          `${companyName} registrou uma ocorrência de qualidade:`,
          '',
          `Tipo: ${what}`,
          `Severidade: ${input.severity} (${SEVERITY_WORDS[input.severity]})`,
          `Registrada por: ${username} em ${issue.createdAt.toISOString()}`,
          '',
          input.description,
          '',
          `Referência: ocorrência #${issue.id}`,
        ].join('\n'),
      }).returning({ id: emailOutbox.id })
      await tx.update(supplierIssues).set({ emailOutboxId: mail.id }).where(eq(supplierIssues.id, issue.id))
      // sent by the one job queue (ADR 0017): the job commits with the issue or not at all
      await enqueueMail(tx, { id: mail.id, companyId: user.companyId })
    }
    return issue.id
  })
}
