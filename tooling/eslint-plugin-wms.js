// Server module boundaries (ADR 0009). Kept in one place with the table map the ADR draws.
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const modulesDir = path.join(root, 'server', 'modules')
const schemaDir = path.join(root, 'server', 'db', 'schema')

/** Which module's service writes each table. Every table has exactly one owner. */
export const TABLE_OWNERS = {
  auth: ['users', 'authSessions', 'refreshTokens'],
  'master-data': ['companies', 'sites', 'warehouses', 'locations', 'storageCategories', 'uoms', 'products', 'productGtins', 'productPacks', 'suppliers', 'customers', 'carriers', 'skills', 'parkingSpots', 'equipments', 'importProgress'],
  inventory: ['stockLines', 'stockMoves', 'stockLineCounters', 'stockProductCounters', 'stockMoveDayCounters', 'inventorySettings', 'countPlans', 'countLocations', 'countEntries', 'pickFaces', 'replenishments', 'replenishmentSchedules', 'slottingResults'],
  commands: ['commands'],
  workforce: ['tasks', 'commandRefusals', 'commandRefusalQuota'],
  printing: ['printers', 'printJobs', 'ssccCounters'],
  quality: ['supplierIssueTypes', 'supplierIssues', 'emailOutbox'],
  manufacturing: ['boms', 'billsOfMaterials', 'copackOrders', 'copackReservations'],
  receiving: ['inboundDocuments', 'inboundDocumentLines', 'receipts', 'receiptLines', 'putawayRules'],
  audit: ['auditLog'],
  // the rollups are written by the triggers of migrations 0036 and 0038 and rebuilt by analytics' rollups.service (docs/requirements.md §21.1)
  analytics: ['analyticsRollups', 'analyticsDays', 'analyticsHoursOfDay', 'analyticsTargets'],
  // the job queue's table is the kernel's (ADR 0017): modules enqueue, cancel and retry through server/kernel/job-queue.ts
  kernel: ['jobs', 'webhookEvents'],
  // the kernel's emitEvent writes a delivery per subscription in the emitting transaction (ADR 0020); the sender updates them
  integrations: ['apiKeys', 'webhookSubscriptions', 'webhookDeliveries'],
  flows: ['flowTransitionDays', 'flowSessionEnds', 'flowSequences', 'flowRejections', 'flowSettings'],
  shipping: ['salesOrders', 'salesOrderLines', 'waves', 'shipments', 'shipmentPicks', 'shipmentPackages', 'shipmentPackageContents', 'pickBatches', 'orderReservations'],
}
const ownerOf = new Map(Object.entries(TABLE_OWNERS).flatMap(([module, tables]) => tables.map((t) => [t, module])))

/** The module a file belongs to (server/modules/<module>/…), or undefined. */
function moduleOf(file) {
  const rel = path.relative(modulesDir, file)
  return rel.startsWith('..') || path.isAbsolute(rel) ? undefined : rel.split(path.sep)[0]
}

const moduleImports = {
  meta: { type: 'problem', messages: { internal: 'A module imports another module only through its service: {{target}} is internal to {{module}} (ADR 0009).' }, schema: [] },
  create(context) {
    const own = moduleOf(context.filename)
    if (!own) return {}
    return {
      ImportDeclaration(node) {
        const spec = node.source.value
        if (typeof spec !== 'string' || !spec.startsWith('.')) return
        const target = path.resolve(path.dirname(context.filename), spec)
        const other = moduleOf(target)
        if (!other || other === own) return
        if (/\.service(\.ts)?$/.test(target)) return
        context.report({ node: node.source, messageId: 'internal', data: { target: path.relative(root, target), module: other } })
      },
    }
  },
}

const WRITES = new Set(['insert', 'update', 'delete'])
const ownedWrites = {
  meta: { type: 'problem', messages: { foreign: '{{table}} is written only by the {{owner}} module: call its service (ADR 0009).' }, schema: [] },
  create(context) {
    const own = moduleOf(context.filename)
    if (!own) return {}
    const tables = new Map() // local name -> table name, for tables imported from server/db/schema
    const check = (node, name) => {
      const table = tables.get(name)
      const owner = table && ownerOf.get(table)
      if (owner && owner !== own) context.report({ node, messageId: 'foreign', data: { table, owner } })
    }
    return {
      ImportDeclaration(node) {
        const spec = node.source.value
        if (typeof spec !== 'string' || !spec.startsWith('.')) return
        if (path.dirname(path.resolve(path.dirname(context.filename), spec)) !== schemaDir) return
        for (const s of node.specifiers) if (s.type === 'ImportSpecifier') tables.set(s.local.name, s.imported.name)
      },
      // db.insert(table), tx.update(table), db.delete(table)
      CallExpression(node) {
        const callee = node.callee
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier' || !WRITES.has(callee.property.name)) return
        const [arg] = node.arguments
        if (arg?.type === 'Identifier') check(arg, arg.name)
      },
      // crudRoutes({ table: products, … }) writes the table it is given
      Property(node) {
        if (node.key.type !== 'Identifier' || node.key.name !== 'table') return
        let value = node.value
        while (value.type === 'TSAsExpression') value = value.expression
        if (value.type === 'Identifier') check(value, value.name)
      },
    }
  },
}

export default { rules: { 'module-imports': moduleImports, 'owned-writes': ownedWrites } }
