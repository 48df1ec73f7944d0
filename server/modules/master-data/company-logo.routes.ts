/** The company's logo (SPEC 2.13, SPEC 1): light and dark variants; admins upload and remove, everyone signed in sees it. */
import { and, eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { DbOrTx } from '../../db/client'
import { companyLogos } from '../../db/schema/core'
import { ADMIN_ONLY, ANY_ROLE } from '../../http/auth-hook'
import { fieldError, notFound } from '../../http/errors'
import {
  LOGO_MAX_BYTES,
  LOGO_TYPES,
  type LogoType,
  type LogoVariant,
  companyLogoOut,
  logoUploadBody,
  logoVariantParams,
} from '../../../contracts/master-data/company-logo.contract'

const WRONG_TYPE = 'Upload a PNG, SVG or JPEG image.'
const TOO_LARGE = `The logo must be at most ${LOGO_MAX_BYTES / 1024} KB.`
const UNSAFE_SVG = 'This SVG holds scripts or event handlers: export it as a plain image.'

const isType = (t: string): t is LogoType => (LOGO_TYPES as readonly string[]).includes(t)

/** The bytes must be what the content type says (a renamed file is refused), and an SVG must be only a picture. */
function checkLogo(contentType: string, bytes: Buffer): LogoType {
  const type = contentType.split(';')[0].trim().toLowerCase()
  if (!isType(type) || bytes.length === 0) throw fieldError('data', WRONG_TYPE)
  if (bytes.length > LOGO_MAX_BYTES) throw fieldError('data', TOO_LARGE)
  if (type === 'image/png' && !bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) throw fieldError('data', WRONG_TYPE)
  if (type === 'image/jpeg' && !(bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)) throw fieldError('data', WRONG_TYPE)
  if (type === 'image/svg+xml') {
    const text = bytes.toString('utf8')
    if (!/<svg[\s>]/i.test(text)) throw fieldError('data', WRONG_TYPE)
    // it is served as an image to the company's every user: nothing in it may run
    if (/<script|<foreignObject|\son[a-z]+\s*=|javascript:|<iframe|<embed|<object/i.test(text)) throw fieldError('data', UNSAFE_SVG)
  }
  return type
}

function decode(data: string): Buffer {
  // a data: URL as FileReader gives it, or plain base64
  const base64 = data.replace(/^data:[^,]*;base64,/, '')
  if (!/^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(base64)) throw fieldError('data', WRONG_TYPE)
  return Buffer.from(base64, 'base64')
}

async function logoInfo(db: DbOrTx, companyId: number) {
  const rows = await db
    .select({ variant: companyLogos.variant, contentType: companyLogos.contentType, size: companyLogos.size, updatedAt: companyLogos.updatedAt })
    .from(companyLogos)
    .where(eq(companyLogos.companyId, companyId))
  const one = (v: LogoVariant) => {
    const r = rows.find((row) => row.variant === v)
    return r ? { content_type: r.contentType as LogoType, size: r.size, updated_at: r.updatedAt.toISOString() } : null
  }
  return { light: one('light'), dark: one('dark') }
}

export const companyLogoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/core/company-logo/',
    { config: { roles: ANY_ROLE }, schema: { tags: ['core'], summary: "The signed-in user's company logo: which variants exist", response: { 200: companyLogoOut } } },
    async (req) => logoInfo(app.deps.db, req.user.companyId),
  )

  app.get(
    '/core/company-logo/:variant/',
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: ['core'],
        summary: "The image of one variant of the signed-in user's company logo",
        description: 'Only the caller\'s own company: there is no company in the path. 404 when the variant was not uploaded.',
        params: logoVariantParams,
      },
    },
    async (req, reply) => {
      const [row] = await app.deps.db
        .select({ contentType: companyLogos.contentType, data: companyLogos.data })
        .from(companyLogos)
        .where(and(eq(companyLogos.companyId, req.user.companyId), eq(companyLogos.variant, req.params.variant)))
      if (!row) throw notFound()
      return reply
        .header('content-type', row.contentType)
        .header('cache-control', 'private, no-cache')
        .header('x-content-type-options', 'nosniff')
        // an SVG opened on its own runs nothing and loads nothing
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox")
        .send(Buffer.from(row.data, 'base64'))
    },
  )

  app.put(
    '/core/company-logo/:variant/',
    {
      config: { roles: ADMIN_ONLY },
      schema: {
        tags: ['core'],
        summary: "Upload or replace one variant of the company's logo (admins)",
        description: `PNG, SVG or JPEG, at most ${LOGO_MAX_BYTES / 1024} KB, sent base64 in \`data\`. An SVG with scripts or event handlers is refused.`,
        params: logoVariantParams,
        body: logoUploadBody,
        response: { 200: companyLogoOut },
      },
    },
    async (req) => {
      const bytes = decode(req.body.data)
      const contentType = checkLogo(req.body.content_type, bytes)
      const values = { contentType, data: bytes.toString('base64'), size: bytes.length, updatedAt: new Date() }
      await app.deps.db
        .insert(companyLogos)
        .values({ companyId: req.user.companyId, variant: req.params.variant, ...values })
        .onConflictDoUpdate({ target: [companyLogos.companyId, companyLogos.variant], set: values })
      return logoInfo(app.deps.db, req.user.companyId)
    },
  )

  app.delete(
    '/core/company-logo/:variant/',
    {
      config: { roles: ADMIN_ONLY },
      schema: { tags: ['core'], summary: "Remove one variant of the company's logo (admins)", params: logoVariantParams, response: { 204: z.null().describe('removed') } },
    },
    async (req, reply) => {
      await app.deps.db.delete(companyLogos).where(and(eq(companyLogos.companyId, req.user.companyId), eq(companyLogos.variant, req.params.variant)))
      return reply.status(204).send(null)
    },
  )
}
