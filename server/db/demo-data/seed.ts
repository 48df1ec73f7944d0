import { randomBytes } from 'node:crypto'
import { chmodSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { Db } from '../client'
import { productPacks, products, uoms } from '../schema/catalog'
import { companies, locations, sites, warehouses } from '../schema/core'
import { carriers, customers, suppliers } from '../schema/partners'
import { type Role, users } from '../schema/users'
import { equipments, parkingSpots, skills } from '../schema/workforce'
import { hashPassword } from '../../modules/auth/passwords'
import { gs1CheckDigit } from '../../../contracts/gs1/gs1'
import { DEFAULT_LAYOUT_RULE, placePosition } from '../../../contracts/layout/layout-rule.rules'
import { chunks, rng, type Rng } from './random'
import { seedPrinting } from './printing.seed'
import { seedQuality } from './quality.seed'
import { seedInventoryDemo } from './stock.seed'
import { seedProcessesDemo } from './processes.seed'

export const DEMO_COMPANY = 'DEMO'
export const OTHER_COMPANY = 'ACME'

const NOUNS = ['Café', 'Açúcar', 'Arroz', 'Feijão', 'Óleo', 'Sabão', 'Detergente', 'Biscoito', 'Leite', 'Suco', 'Molho', 'Farinha', 'Macarrão', 'Shampoo', 'Creme', 'Papel', 'Água', 'Cerveja', 'Refrigerante', 'Chocolate', 'Vinagre', 'Sal', 'Tempero', 'Iogurte', 'Queijo', 'Manteiga', 'Cereal', 'Granola', 'Pilha', 'Lâmpada', 'Parafuso', 'Cabo', 'Fita', 'Caixa', 'Filme', 'Etiqueta', 'Luva', 'Máscara', 'Toalha', 'Guardanapo']
const ADJECTIVES = ['Premium', 'Tradicional', 'Integral', 'Light', 'Zero', 'Extra', 'Orgânico', 'Clássico', 'Especial', 'Gourmet', 'Econômico', 'Profissional', 'Industrial', 'Natural', 'Refil']
const SIZES = ['100g', '250g', '500g', '1kg', '2kg', '5kg', '200ml', '500ml', '1L', '2L', '5L', '12un', '24un', '6x1L', '10m', '50m']
const CITIES = ['São Paulo', 'Campinas', 'Santos', 'Rio de Janeiro', 'Niterói', 'Belo Horizonte', 'Curitiba', 'Porto Alegre', 'Recife', 'Salvador', 'Fortaleza', 'Manaus', 'Goiânia', 'Vitória', 'Florianópolis']
const COMPANY_WORDS = ['Comercial', 'Distribuidora', 'Atacadista', 'Indústria', 'Logística', 'Transportes', 'Alimentos', 'Mercantil', 'Supermercados', 'Importadora']
const SURNAMES = ['Silva', 'Souza', 'Oliveira', 'Santos', 'Pereira', 'Lima', 'Costa', 'Ferreira', 'Almeida', 'Ribeiro', 'Carvalho', 'Gomes', 'Martins', 'Rocha', 'Barbosa']

const EQUIPMENT_NAMES: Record<string, string> = { forklift: 'Empilhadeira', reach_truck: 'Empilhadeira retrátil', pallet_jack: 'Paleteira', scanner: 'Coletor', printer: 'Impressora' }
const LIQUIDS = new Set(['Óleo', 'Detergente', 'Leite', 'Suco', 'Molho', 'Shampoo', 'Água', 'Cerveja', 'Refrigerante', 'Vinagre', 'Iogurte'])
const BULK = new Set(['Café', 'Açúcar', 'Arroz', 'Feijão', 'Farinha', 'Sal', 'Tempero', 'Cereal', 'Granola', 'Queijo', 'Manteiga', ...LIQUIDS])
const ROLLS = new Set(['Papel', 'Fita', 'Cabo', 'Filme', 'Etiqueta'])
const COUNTED = new Set(['Pilha', 'Lâmpada', 'Parafuso', 'Luva', 'Máscara', 'Toalha', 'Guardanapo', 'Caixa'])
const MASS = ['100g', '250g', '500g', '1kg', '2kg', '5kg']
const VOLUME = ['200ml', '500ml', '1L', '2L', '5L']
const COUNTS = ['4un', '10un', '50un', '100un']

/**
 * A product's size and stock unit that agree with each other and with what it is (SPEC 14.3): food sold loose by
 * the kilo (KG) or the litre (L), rolls by their length, counted goods in packs, cartons (CX) of 12 or 24.
 * `kind` is the unit the generator drew and `drawn` its size; both only steer the choice, so the run stays
 * deterministic with the same number of draws.
 */
export function productUnit(noun: string, kind: string, drawn: string): { size: string; uom: string } {
  const liquid = LIQUIDS.has(noun)
  const pick = (list: string[]) => (list.includes(drawn) ? drawn : list[(drawn.length + noun.length) % list.length])
  if ((kind === 'KG' || kind === 'L' || kind === 'M') && BULK.has(noun)) return { size: 'granel', uom: liquid ? 'L' : 'KG' }
  const size = ROLLS.has(noun) ? pick(['10m', '50m']) : COUNTED.has(noun) ? pick(COUNTS) : pick(liquid ? VOLUME : MASS)
  if (kind === 'CX') return { size: `${drawn.length % 2 ? 12 : 24}x${size}`, uom: 'CX' }
  return { size, uom: kind === 'PCT' ? 'PCT' : 'UN' }
}

export type SeedOptions = {
  adminPassword?: string
  dataDir: string
  log?: (msg: string) => void
  /** scale for tests: products and locations */
  products?: number
  locations?: number
  /** stock lines for the demo company (WMS_DEMO_STOCK, default 50,000; tests ask for a few hundred) */
  stock?: number
}

export type SeedResult = { adminPassword: string; generatedPassword: boolean; companyId: number; otherCompanyId: number }

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(companies)
  return row.n === 0
}

const pad = (n: number, w: number) => String(n).padStart(w, '0')

async function insertBatched<T extends Record<string, unknown>>(db: Db, table: Parameters<Db['insert']>[0], rows: T[], size = 1000): Promise<void> {
  for (const part of chunks(rows, size)) await db.insert(table).values(part)
}

/**
 * Demo data for a first start: "Movatic Demo" with its sites, warehouses, ~2,000 locations, 5,000 products
 * and partners, plus a second company to prove isolation. Deterministic (seeded) and batched.
 */
export async function seedDemoData(db: Db, opts: SeedOptions): Promise<SeedResult> {
  const log = opts.log ?? (() => {})
  const r = rng(20261121)
  const generatedPassword = !opts.adminPassword
  const adminPassword = opts.adminPassword ?? randomBytes(12).toString('base64url')
  const passwordHash = await hashPassword(adminPassword)

  const [demo] = await db
    .insert(companies)
    .values({ code: DEMO_COMPANY, name: 'Movatic Demo', gs1Prefix: '7891234', logoUrl: null, logoUrlDark: null })
    .returning({ id: companies.id })
  const [other] = await db.insert(companies).values({ code: OTHER_COMPANY, name: 'Acme Logística', gs1Prefix: '7899876' }).returning({ id: companies.id })

  const demoIds = await seedCompany(db, r, demo.id, {
    sites: [
      ['SP', 'Site São Paulo', [['WH-SP1', 'Armazém São Paulo 1'], ['WH-SP2', 'Armazém São Paulo 2']]],
      ['RJ', 'Site Rio de Janeiro', [['WH-RJ1', 'Armazém Rio 1']]],
    ],
    locations: opts.locations ?? 2000,
    products: opts.products ?? 5000,
    gs1Prefix: '7891234',
    partners: { customers: 200, suppliers: 80, carriers: 15 },
  })
  const otherIds = await seedCompany(db, r, other.id, {
    sites: [['CWB', 'Site Curitiba', [['WH-CWB', 'Armazém Curitiba']]]],
    locations: 60,
    products: 50,
    gs1Prefix: '7899876',
    partners: { customers: 10, suppliers: 5, carriers: 3 },
  })

  const people: [string, Role, string, string, number, typeof demoIds][] = [
    ['admin', 'admin', 'Ana', 'Administradora', demo.id, demoIds],
    ['supervisor', 'supervisor', 'Sérgio', 'Supervisor', demo.id, demoIds],
    ['supervisor2', 'supervisor', 'Sandra', 'Lima', demo.id, demoIds],
    ['operator', 'operator', 'Otávio', 'Operador', demo.id, demoIds],
    ['operator2', 'operator', 'Olga', 'Souza', demo.id, demoIds],
    ['operator3', 'operator', 'Osvaldo', 'Costa', demo.id, demoIds],
    ['acme.admin', 'admin', 'Alice', 'Acme', other.id, otherIds],
    ['acme.operator', 'operator', 'Arthur', 'Acme', other.id, otherIds],
  ]
  await db.insert(users).values(
    people.map(([username, role, firstName, lastName, companyId, ids]) => ({
      username,
      role,
      firstName,
      lastName,
      email: `${username}@example.com`,
      companyId,
      passwordHash,
      defaultSiteId: ids.siteId,
      defaultWarehouseId: ids.warehouseId,
    })),
  )

  if (generatedPassword) {
    const file = path.join(opts.dataDir, 'admin-password.txt')
    writeFileSync(file, adminPassword + '\n', { mode: 0o600 })
    chmodSync(file, 0o600)
    log(`Demo users created. Sign in as "admin" with password: ${adminPassword} (also in ${file}; the other demo users share it)`)
  } else {
    log('Demo users created. Sign in as "admin" with WMS_ADMIN_PASSWORD (the other demo users share it).')
  }
  await seedInventoryDemo(db, { companyId: demo.id, otherCompanyId: other.id, lines: opts.stock ?? 50_000, log })
  await seedPrinting(db, [demo.id, other.id])
  await seedQuality(db, [demo.id, other.id])
  await seedProcessesDemo(db, { companyId: demo.id, log })
  return { adminPassword, generatedPassword, companyId: demo.id, otherCompanyId: other.id }
}

type CompanyPlan = {
  sites: [string, string, [string, string][]][]
  locations: number
  products: number
  gs1Prefix: string
  partners: { customers: number; suppliers: number; carriers: number }
}

async function seedCompany(db: Db, r: Rng, companyId: number, plan: CompanyPlan) {
  const whIds: number[] = []
  let firstSite = 0
  for (const [code, name, whs] of plan.sites) {
    const [site] = await db.insert(sites).values({ companyId, code, name }).returning({ id: sites.id })
    firstSite ||= site.id
    for (const [wcode, wname] of whs) {
      const [wh] = await db.insert(warehouses).values({ companyId, siteId: site.id, code: wcode, name: wname, timezone: 'America/Sao_Paulo' }).returning({ id: warehouses.id })
      whIds.push(wh.id)
    }
  }

  // Locations: aisle-bay-level per warehouse, plus docks and staging
  const locRows: (typeof locations.$inferInsert)[] = []
  const perWh = Math.ceil(plan.locations / whIds.length)
  whIds.forEach((warehouseId, w) => {
    const prefix = String.fromCharCode(65 + w)
    // the dock and the staging area sit in front of the first aisles (SPEC 18.3): pick paths start at one, end at the other
    locRows.push({ companyId, warehouseId, code: `${prefix}-DOCK-01`, name: 'Doca 01', kind: 'dock', storageClass: 'ambient', x: 0, y: -3, layoutSource: 'manual' })
    locRows.push({ companyId, warehouseId, code: `${prefix}-STAGE-01`, name: 'Stage 01', kind: 'staging', storageClass: 'ambient', x: 9, y: -3, layoutSource: 'manual' })
    for (let i = 0; locRows.length < (w + 1) * perWh; i++) {
      const aisle = Math.floor(i / 60) + 1
      const bay = Math.floor((i % 60) / 5) + 1
      const level = (i % 5) + 1
      const storageClass = aisle % 7 === 0 ? 'chilled' : aisle % 11 === 0 ? 'frozen' : 'ambient'
      // SPEC 18.1: the place the default layout rule reads from the code
      const place = placePosition(DEFAULT_LAYOUT_RULE, { zone: prefix, aisle, bay, level })
      locRows.push({
        zone: place.zone,
        aisle,
        bay,
        level,
        x: place.x,
        y: place.y,
        aisleDirection: place.aisle_direction,
        layoutSource: 'rule',
        companyId,
        warehouseId,
        code: `${prefix}${pad(aisle, 2)}-${pad(bay, 2)}-${pad(level, 2)}`,
        name: `Rua ${aisle} Prédio ${bay} Nível ${level}`,
        kind: level === 1 ? 'picking' : 'storage',
        storageClass,
        isActive: !r.chance(0.01),
      })
    }
  })
  await insertBatched(db, locations, locRows)

  const uomRows = [
    ['UN', 'Unidade'],
    ['CX', 'Caixa'],
    ['PCT', 'Pacote'],
    ['KG', 'Quilograma'],
    ['L', 'Litro'],
    ['M', 'Metro'],
    ['FD', 'Fardo'],
    ['PAL', 'Palete'],
  ].map(([code, name]) => ({ companyId, code, name }))
  const uomIds = Object.fromEntries((await db.insert(uoms).values(uomRows).returning({ id: uoms.id, code: uoms.code })).map((u) => [u.code, u.id]))

  const productRows: (typeof products.$inferInsert)[] = []
  for (let i = 1; i <= plan.products; i++) {
    const noun = r.pick(NOUNS)
    const kind = r.pick(['UN', 'UN', 'UN', 'CX', 'PCT', 'KG', 'L', 'M'])
    const variant = r.chance(0.1) ? r.pick(['A', 'B', 'AZUL', 'VERDE']) : ''
    const adjective = r.pick(ADJECTIVES)
    // the unit fits the product (SPEC 2.14): packs counted whole, bulk goods by the kilo or the litre
    const { size, uom } = productUnit(noun, kind, r.pick(SIZES))
    productRows.push({
      companyId,
      code: `P${pad(i, 6)}`,
      variant,
      name1: `${noun} ${adjective} ${size}`,
      uomId: uomIds[uom],
      storageClass: ['Leite', 'Iogurte', 'Queijo', 'Manteiga'].includes(noun) ? 'chilled' : 'ambient',
    })
  }
  const productIds: number[] = []
  for (const part of chunks(productRows, 1000)) {
    productIds.push(...(await db.insert(products).values(part).returning({ id: products.id })).map((p) => p.id))
  }

  // Packs: each unit gets a GTIN-13 (company prefix + item reference), every third product a case GTIN-14
  const packRows: (typeof productPacks.$inferInsert)[] = []
  productIds.forEach((productId, i) => {
    const body = (plan.gs1Prefix + pad(i + 1, 12 - plan.gs1Prefix.length)).slice(0, 12)
    const gtin13 = body + gs1CheckDigit(body)
    packRows.push({ companyId, productId, uomId: uomIds.UN, qtyPerPack: '1', gtin: gtin13, lengthMm: r.int(50, 300), widthMm: r.int(50, 300), heightMm: r.int(20, 300), weightKg: (r.int(50, 5000) / 1000).toFixed(3) })
    if (i % 3 === 0) {
      const body14 = '1' + body
      packRows.push({ companyId, productId, uomId: uomIds.CX, qtyPerPack: String(r.pick([6, 12, 24])), gtin: body14 + gs1CheckDigit(body14), lengthMm: r.int(300, 600), widthMm: r.int(200, 400), heightMm: r.int(150, 400), weightKg: (r.int(2000, 20000) / 1000).toFixed(3) })
    }
  })
  await insertBatched(db, productPacks, packRows)

  const partyName = () => `${r.pick(COMPANY_WORDS)} ${r.pick(SURNAMES)} ${r.pick(CITIES)}`
  await insertBatched(
    db,
    customers,
    Array.from({ length: plan.partners.customers }, (_, i) => ({ companyId, code: `C${pad(i + 1, 5)}`, name: `${partyName()} Ltda`, email: `compras${i + 1}@cliente.example.com` })),
  )
  await insertBatched(
    db,
    suppliers,
    Array.from({ length: plan.partners.suppliers }, (_, i) => ({
      companyId,
      code: `F${pad(i + 1, 5)}`,
      name: `${partyName()} S.A.`,
      edi: r.chance(0.4) ? `EDI${pad(i + 1, 4)}` : '',
      priority: r.int(1, 5),
      email: `qualidade${i + 1}@fornecedor.example.com`,
    })),
  )
  const carrierNames = ['Jadlog', 'Braspress', 'Total Express', 'Correios', 'Patrus', 'TNT Mercúrio', 'Rodonaves', 'Azul Cargo', 'Sequoia', 'Loggi', 'DHL', 'FedEx', 'Translovato', 'Expresso São Miguel', 'Atual Cargas']
  await insertBatched(db, carriers, Array.from({ length: plan.partners.carriers }, (_, i) => ({ companyId, code: `T${pad(i + 1, 3)}`, name: carrierNames[i % carrierNames.length] })))
  const skillNames = ['Empilhadeira', 'Paleteira elétrica', 'Separação', 'Conferência', 'Inventário', 'Carga perigosa', 'Câmara fria', 'Embalagem', 'Recebimento', 'Expedição']
  await insertBatched(db, skills, skillNames.map((name, i) => ({ companyId, code: `SK${pad(i + 1, 2)}`, name })))
  await insertBatched(db, parkingSpots, Array.from({ length: 8 * whIds.length }, (_, i) => ({ companyId, warehouseId: whIds[i % whIds.length], code: `PK${pad(i + 1, 3)}`, name: `Vaga ${i + 1}` })))
  const kinds = ['forklift', 'reach_truck', 'pallet_jack', 'scanner', 'printer']
  await insertBatched(
    db,
    equipments,
    Array.from({ length: 10 * whIds.length }, (_, i) => ({
      companyId,
      warehouseId: whIds[i % whIds.length],
      code: `EQ${pad(i + 1, 3)}`,
      name: `${EQUIPMENT_NAMES[kinds[i % kinds.length]]} ${i + 1}`,
      kind: kinds[i % kinds.length],
      status: r.pick(['available', 'available', 'available', 'busy', 'busy', 'down'] as const),
    })),
  )
  return { siteId: firstSite, warehouseId: whIds[0], warehouseIds: whIds, productIds }
}
