import {
  labelPreviewQuery,
  labelTargetOut,
  labelTargetParams,
  type PrintJob,
  printJobDetailOut,
  printJobListOut,
  printJobOut,
  printJobsQuery,
  printLocationsOut,
  printLocationsRequest,
  MAX_LABEL_BATCH,
  printRequest,
  printerBody,
  printerOut,
  printingSettingsOut,
  printingSettingsPatch,
} from '../../../contracts/printing/printing.contract'
import { idParams } from '../../../contracts/primitives'
import { and, eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client'
import { printJobs, printingSettings } from '../../db/schema/printing'
import { printers } from '../../db/schema/printers'
import { users } from '../../db/schema/users'
import { ADMIN_ONLY, ANY_ROLE, WRITE_ROLES } from '../../http/auth-hook'
import { crudRoutes } from '../../http/crud'
import { ApiError, fieldError, forbidden, notFound } from '../../http/errors'
import { countStar, orderingClause, pageParams, pageResponse, searchCondition } from '../../http/pagination'
import { type Dpi, placeLabel } from './labels/label-model'
import { allowedPrinterNetworks, checkPrinterHost, isForbiddenNetwork, isNetworkEntry } from './printer-address'
import { DEFAULT_PRINTER_NETWORKS } from '../../../contracts/printing/printing.rules'
import { renderPngOffThread } from './labels/render-pool'
import { renderSvg } from './labels/svg'
import { enqueuePrintJobs } from './print-sender'
import { type LabelKind, buildLabel, resolveLabelTarget, enqueueLocationLabels, enqueuePrint, ensureVirtualPrinters, findPrinter, printerSize } from './printing.service'

const iso = (d: Date | null) => (d ? d.toISOString() : null)

function jobRows(db: Db) {
  return db
    .select({
      id: printJobs.id,
      printerId: printers.id,
      printerName: printers.name,
      kind: printJobs.kind,
      targetId: printJobs.targetId,
      targetLabel: printJobs.targetLabel,
      copies: printJobs.copies,
      status: printJobs.status,
      attempts: printJobs.attempts,
      lastError: printJobs.lastError,
      nextAttemptAt: printJobs.nextAttemptAt,
      createdBy: users.username,
      createdById: printJobs.createdById,
      createdAt: printJobs.createdAt,
      sentAt: printJobs.sentAt,
    })
    .from(printJobs)
    .innerJoin(printers, eq(printers.id, printJobs.printerId))
    .leftJoin(users, eq(users.id, printJobs.createdById))
    .$dynamic()
}

function serializeJob(r: Awaited<ReturnType<typeof jobRows>>[number]): PrintJob {
  return {
    id: r.id,
    printer: { id: r.printerId, name: r.printerName },
    kind: r.kind,
    target_id: r.targetId,
    target_label: r.targetLabel,
    copies: r.copies,
    status: r.status,
    attempts: r.attempts,
    last_error: r.lastError,
    next_attempt_at: r.status === 'queued' ? iso(r.nextAttemptAt) : null,
    created_by: r.createdBy,
    created_at: r.createdAt.toISOString(),
    sent_at: iso(r.sentAt),
  }
}

export const printingRoutes: FastifyPluginAsyncZod = async (app) => {
  // labels are sent by the app's job runner (ADR 0017); this module wakes it after it commits a job (PGlite has no NOTIFY)
  const jobs = app.deps.jobs
  const sender = app.deps.printSender

  /**
   * ADR 0004 (amendment on printer addresses): a printer's host must be, once resolved, on a network the company
   * allows; a name that does not resolve now is kept (it is checked again before every send).
   */
  const checkHostOnSave = async (companyId: number, host: string) => {
    const policy = { allowed: await allowedPrinterNetworks(app.deps.db, companyId), operatorAllowed: app.deps.env.printerAllowNetworks }
    const checked = await checkPrinterHost(host.trim(), policy)
    if (checked.ok === false) throw fieldError('host', `The address ${checked.address} is outside the networks allowed for printers.`)
  }
  app.addHook('onReady', async () => {
    await ensureVirtualPrinters(app.deps.db)
  })

  await app.register(async (scope) => {
    // the virtual printer is built in: it can be renamed or resized, not removed
    scope.addHook('preHandler', async (req) => {
      if (req.method !== 'DELETE') return
      const id = Number((req.params as { id?: unknown }).id)
      const [p] = await app.deps.db.select({ isVirtual: printers.isVirtual }).from(printers).where(and(eq(printers.id, id), eq(printers.companyId, req.user.companyId)))
      if (p?.isVirtual) throw new ApiError(400, { non_field_errors: ['The built-in virtual printer cannot be deleted.'] })
    })
    await scope.register(
      crudRoutes({
        prefix: '/printing/printers',
        tag: 'printing',
        table: printers,
        rows: (db) => db.select().from(printers).$dynamic(),
        count: (db) => db.select({ count: countStar }).from(printers).$dynamic(),
        serialize: (p) => ({
          id: p.id,
          name: p.name,
          host: p.host,
          port: p.port,
          resolution: p.resolution,
          label_width_mm: p.labelWidthMm,
          label_height_mm: p.labelHeightMm,
          is_virtual: p.isVirtual,
          online: p.isOnline,
          last_seen_at: iso(p.lastSeenAt),
          last_error: p.lastError,
        }),
        output: printerOut,
        searchFields: [printers.name, printers.host],
        ordering: { id: printers.id, name: printers.name, host: printers.host },
        defaultOrdering: 'name',
        create: {
          body: printerBody,
          values: async (c, b) => {
            await checkHostOnSave(c.user.companyId, b.host)
            return {
              name: b.name,
              host: b.host,
              port: b.port ?? 9100,
              resolution: b.resolution ?? 203,
              labelWidthMm: b.label_width_mm ?? 100,
              labelHeightMm: b.label_height_mm ?? 150,
            }
          },
        },
        update: {
          body: printerBody.partial(),
          values: async (c, b) => {
            if (b.host !== undefined) await checkHostOnSave(c.user.companyId, b.host)
            const v = { name: b.name, host: b.host, port: b.port, resolution: b.resolution, labelWidthMm: b.label_width_mm, labelHeightMm: b.label_height_mm }
            const changed = Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined))
            // a new address: online is unknown again until the queue talks to it
            if (b.host !== undefined || b.port !== undefined) Object.assign(changed, { isOnline: null, lastError: null })
            return changed
          },
        },
      }),
    )
  })

  const routes: FastifyPluginAsyncZod = async (api) => {
    const settingsOf = async (companyId: number) => {
      const [row] = await app.deps.db.select().from(printingSettings).where(eq(printingSettings.companyId, companyId))
      return row ? { allowed_networks: row.allowedNetworks, is_default: false } : { allowed_networks: [...DEFAULT_PRINTER_NETWORKS], is_default: true }
    }
    api.get(
      '/printing/settings/',
      { config: { roles: WRITE_ROLES }, schema: { tags: ['printing'], summary: 'The networks printers may be on (admins set them)', response: { 200: printingSettingsOut } } },
      async (req) => settingsOf(req.user.companyId),
    )
    api.patch(
      '/printing/settings/',
      {
        config: { roles: ADMIN_ONLY },
        schema: {
          tags: ['printing'],
          summary: 'Set the networks printers may be on (admins)',
          description: 'IP addresses or CIDR ranges; loopback and link-local are refused. Printers already saved are checked again before every send.',
          body: printingSettingsPatch,
          response: { 200: printingSettingsOut },
        },
      },
      async (req) => {
        const networks = [...new Set(req.body.allowed_networks)]
        const bad = networks.find((n) => !isNetworkEntry(n))
        if (bad !== undefined) throw fieldError('allowed_networks', `Enter IP addresses or CIDR ranges (e.g. 10.0.0.0/8): ${bad} is neither.`)
        const never = networks.find(isForbiddenNetwork)
        if (never !== undefined) throw fieldError('allowed_networks', `Loopback and link-local addresses can never be allowed for printers: ${never}.`)
        await app.deps.db
          .insert(printingSettings)
          .values({ companyId: req.user.companyId, allowedNetworks: networks })
          .onConflictDoUpdate({ target: printingSettings.companyId, set: { allowedNetworks: networks, updatedAt: new Date() } })
        return settingsOf(req.user.companyId)
      },
    )

    const getJob = async (companyId: number, id: number) => {
      const [row] = await jobRows(app.deps.db).where(and(eq(printJobs.companyId, companyId), eq(printJobs.id, id))).limit(1)
      if (!row) throw notFound('No such print job.')
      return row
    }

    api.post(
      '/printing/locations/print/',
      {
        config: { roles: ANY_ROLE },
        schema: {
          tags: ['printing'],
          summary: 'Print the labels of many locations (SPEC 12.3): by id, or every location the list finds with `search`; one job per label',
          body: printLocationsRequest,
          response: { 202: printLocationsOut },
        },
      },
      async (req, reply) => {
        const printer = await findPrinter(app.deps.db, req.user.companyId, req.body.printer)
        if (!printer) throw fieldError('printer', `Invalid pk "${req.body.printer}" - object does not exist.`)
        const { ids, search, copies } = req.body
        const out = await app.deps.db.transaction((tx) =>
          enqueueLocationLabels(tx, { companyId: req.user.companyId, userId: req.user.id, printer, copies, ids, search, max: MAX_LABEL_BATCH, maxAttempts: sender.maxAttempts }),
        )
        if (out.jobs > 0) jobs.wake()
        return reply.status(202).send(out)
      },
    )

    for (const kind of ['location', 'pallet'] as const satisfies readonly LabelKind[]) {
      const plural = kind === 'location' ? 'locations' : 'pallets'
      api.post(
        `/printing/${plural}/:id/print/`,
        {
          config: { roles: ANY_ROLE },
          schema: {
            tags: ['printing'],
            summary: `Print a ${kind} label (SPEC 7): the job is stored, rendered to ZPL and queued`,
            params: labelTargetParams,
            body: printRequest,
            response: { 202: printJobOut },
          },
        },
        async (req, reply) => {
          const printer = await findPrinter(app.deps.db, req.user.companyId, req.body.printer)
          if (!printer) throw fieldError('printer', `Invalid pk "${req.body.printer}" - object does not exist.`)
          const jobId = await enqueuePrint(app.deps.db, { companyId: req.user.companyId, userId: req.user.id, printer, kind, id: req.params.id, copies: req.body.copies, maxAttempts: sender.maxAttempts })
          jobs.wake()
          return reply.status(202).send(serializeJob(await getJob(req.user.companyId, jobId)))
        },
      )
      api.get(
        `/printing/${plural}/:id/target/`,
        {
          config: { roles: ANY_ROLE },
          schema: {
            tags: ['printing'],
            summary: `What an ID names as a ${kind} label (docs/requirements.md §5): checked before Print is offered; 404 when nothing`,
            params: labelTargetParams,
            response: { 200: labelTargetOut },
          },
        },
        async (req) => {
          const found = await resolveLabelTarget(app.deps.db, req.user.companyId, kind, req.params.id)
          return { target_id: found.targetId, target_label: found.targetLabel }
        },
      )
      for (const format of ['svg', 'png'] as const) {
        api.get(
          `/printing/${plural}/:id/label.${format}`,
          {
            config: { roles: ANY_ROLE },
            schema: {
              tags: ['printing'],
              summary: `The ${kind} label as ${format.toUpperCase()}: the same model the printer gets as ZPL`,
              params: labelTargetParams,
              querystring: labelPreviewQuery,
            },
          },
          async (req, reply) => {
            const printer = req.query.printer ? await findPrinter(app.deps.db, req.user.companyId, req.query.printer) : undefined
            if (req.query.printer && !printer) throw fieldError('printer', `Invalid pk "${req.query.printer}" - object does not exist.`)
            const dpi = (req.query.dpi ? Number(req.query.dpi) : (printer?.resolution ?? 203)) as Dpi
            const { model } = await buildLabel(app.deps.db, req.user.companyId, kind, req.params.id, printer ? printerSize(printer) : undefined)
            const placed = placeLabel(model, dpi)
            reply.header('cache-control', 'no-store')
            if (format === 'svg') return reply.type('image/svg+xml; charset=utf-8').send(renderSvg(placed))
            return reply.type('image/png').send(await renderPngOffThread(placed))
          },
        )
      }
    }

    api.get(
      '/printing/jobs/',
      {
        config: { roles: ANY_ROLE },
        schema: {
          tags: ['printing'],
          summary: 'Print jobs, newest first',
          querystring: printJobsQuery,
          response: { 200: printJobListOut },
        },
      },
      async (req) => {
        const q = req.query
        const p = pageParams(q)
        const order = orderingClause(q.ordering, { id: printJobs.id, created_at: printJobs.createdAt, status: printJobs.status }, '-created_at,-id', printJobs.id)
        const where = and(
          eq(printJobs.companyId, req.user.companyId),
          q.status ? eq(printJobs.status, q.status) : undefined,
          q.kind ? eq(printJobs.kind, q.kind) : undefined,
          q.printer ? eq(printJobs.printerId, q.printer) : undefined,
          searchCondition(q.search, [printJobs.targetId, printJobs.targetLabel, printers.name]),
        )
        const [rows, [{ count }]] = await Promise.all([
          jobRows(app.deps.db).where(where).orderBy(...order).limit(p.pageSize).offset(p.offset),
          app.deps.db.select({ count: countStar }).from(printJobs).innerJoin(printers, eq(printers.id, printJobs.printerId)).where(where),
        ])
        return pageResponse(req, p, count, rows.map(serializeJob))
      },
    )

    api.get('/printing/jobs/:id/', { config: { roles: ANY_ROLE }, schema: { tags: ['printing'], params: idParams, response: { 200: printJobDetailOut } } }, async (req) => {
      const row = await getJob(req.user.companyId, req.params.id)
      const [{ zpl }] = await app.deps.db.select({ zpl: printJobs.zpl }).from(printJobs).where(eq(printJobs.id, row.id))
      return { ...serializeJob(row), zpl }
    })

    api.post(
      '/printing/jobs/:id/resend/',
      {
        config: { roles: ANY_ROLE },
        schema: {
          tags: ['printing'],
          summary: 'Queue a failed job, or one whose outcome is unknown, again (a person decided it did not print)',
          params: idParams,
          response: { 202: printJobOut },
        },
      },
      async (req, reply) => {
        const row = await getJob(req.user.companyId, req.params.id)
        if (row.createdById !== req.user.id && !WRITE_ROLES.includes(req.user.role)) throw forbidden()
        if (row.status !== 'failed' && row.status !== 'unknown') throw new ApiError(400, { non_field_errors: [`A ${row.status} job cannot be resent.`] })
        // a person's resend is the only way a label goes out twice (ADR 0017): the marker cleared, a new queue job
        await app.deps.db.transaction(async (tx) => {
          const [again] = await tx
            .update(printJobs)
            .set({ status: 'queued', attempts: 0, nextAttemptAt: new Date(), lastError: null, deliveryStartedAt: null, leaseUntil: null })
            .where(and(eq(printJobs.id, row.id), eq(printJobs.status, row.status)))
            .returning({ id: printJobs.id, companyId: printJobs.companyId, printerId: printJobs.printerId })
          if (again) await enqueuePrintJobs(tx, [again], sender.maxAttempts)
        })
        jobs.wake()
        return reply.status(202).send(serializeJob(await getJob(req.user.companyId, row.id)))
      },
    )
  }
  await app.register(routes)
}
