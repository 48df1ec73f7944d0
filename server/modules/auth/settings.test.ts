/** SPEC 2.13, Settings: my own password, my default printer, the company's logo. */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { printers } from '../../db/schema/printers'
import { LOGO_MAX_BYTES } from '../../../contracts/master-data/company-logo.contract'

const kinds = await databaseKinds()

// the smallest valid PNG (1x1, transparent)
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGBgAAAABQABpfZFQAAAAABJRU5ErkJggg==', 'base64')
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#123"/></svg>')

describe.each(kinds)('settings on %s', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(kind)
  })
  afterAll(async () => {
    await t?.close()
  })

  const me = (access: string) => t.as(access, { method: 'GET', url: '/api/auth/me' })
  const changePassword = (access: string, body: Record<string, string>) => t.as(access, { method: 'POST', url: '/api/auth/password/', payload: body })

  describe('my own password', () => {
    it('refuses a wrong current password on its field, and a short new one with the users rule', async () => {
      const { access } = await t.login('supervisor2')
      const wrong = await changePassword(access, { current_password: 'not-my-password', new_password: 'a-new-password-1' })
      expect(wrong.statusCode).toBe(400)
      expect(wrong.json()).toMatchObject({ current_password: ['The current password is not correct.'], codes: { current_password: [{ code: 'current_password_wrong' }] } })
      const short = await changePassword(access, { current_password: TEST_PASSWORD, new_password: 'short' })
      expect(short.statusCode).toBe(400)
      expect(short.json()).toMatchObject({ new_password: ['This password is too short. It must contain at least 8 characters.'], codes: { new_password: [{ code: 'password_too_short' }] } })
      const same = await changePassword(access, { current_password: TEST_PASSWORD, new_password: TEST_PASSWORD })
      expect(same.statusCode).toBe(400)
      expect(same.json()).toMatchObject({ codes: { new_password: [{ code: 'new_password_same' }] } })
      // nothing changed: the old password still signs in
      await expect(t.login('supervisor2')).resolves.toHaveProperty('access')
    })

    it('changes it: the other sessions end, this one stays, and only the new password signs in', async () => {
      const other = await t.login('operator2')
      const mine = await t.login('operator2')
      const res = await changePassword(mine.access, { current_password: TEST_PASSWORD, new_password: 'brand-new-secret-9' })
      expect(res.statusCode).toBe(204)
      expect((await me(mine.access)).statusCode).toBe(200)
      expect((await me(other.access)).statusCode).toBe(401)
      const refreshOther = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh: other.refresh } })
      expect(refreshOther.statusCode).toBe(401)
      const refreshMine = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh: mine.refresh } })
      expect(refreshMine.statusCode).toBe(200)
      const old = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'operator2', password: TEST_PASSWORD } })
      expect(old.statusCode).toBe(401)
      const fresh = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'operator2', password: 'brand-new-secret-9' } })
      expect(fresh.statusCode).toBe(200)
    })

    it('throttles guesses of the current password like sign-ins', async () => {
      const { access } = await t.login('operator3')
      const codes: number[] = []
      for (let i = 0; i < 12; i++) codes.push((await changePassword(access, { current_password: `guess-${i}`, new_password: 'whatever-123' })).statusCode)
      expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true)
      expect(codes.at(-1)).toBe(429)
      const last = await changePassword(access, { current_password: 'guess-x', new_password: 'whatever-123' })
      expect(last.json()).toMatchObject({ code: 'password_throttled' })
      expect(last.headers['retry-after']).toBeDefined()
    })
  })

  describe('my default printer', () => {
    it('keeps one of my company printers, refuses another company printer, and clears', async () => {
      const { access } = await t.login('supervisor')
      const empty = await t.as(access, { method: 'GET', url: '/api/auth/preferences/' })
      expect(empty.json()).toEqual({ default_printer: null })
      const [mine] = await t.database.db.select({ id: printers.id, name: printers.name }).from(printers).where(eq(printers.companyId, t.seed.companyId)).limit(1)
      const [theirs] = await t.database.db.select({ id: printers.id }).from(printers).where(eq(printers.companyId, t.seed.otherCompanyId)).limit(1)
      const set = await t.as(access, { method: 'PATCH', url: '/api/auth/preferences/', payload: { default_printer: mine.id } })
      expect(set.statusCode).toBe(200)
      expect(set.json()).toEqual({ default_printer: { id: mine.id, name: mine.name } })
      expect((await t.as(access, { method: 'GET', url: '/api/auth/preferences/' })).json()).toEqual({ default_printer: { id: mine.id, name: mine.name } })
      const other = await t.as(access, { method: 'PATCH', url: '/api/auth/preferences/', payload: { default_printer: theirs.id } })
      expect(other.statusCode).toBe(400)
      expect(other.json()).toMatchObject({ default_printer: [`Invalid pk "${theirs.id}" - object does not exist.`] })
      // another user's preference is theirs
      const { access: opAccess } = await t.login('operator')
      expect((await t.as(opAccess, { method: 'GET', url: '/api/auth/preferences/' })).json()).toEqual({ default_printer: null })
      const cleared = await t.as(access, { method: 'PATCH', url: '/api/auth/preferences/', payload: { default_printer: null } })
      expect(cleared.json()).toEqual({ default_printer: null })
    })
  })

  describe("the company's logo", () => {
    const upload = (access: string, variant: string, contentType: string, bytes: Buffer) =>
      t.as(access, { method: 'PUT', url: `/api/core/company-logo/${variant}/`, payload: { content_type: contentType, data: bytes.toString('base64') } })

    it('is uploaded by an admin, light and dark, and served to the company only', async () => {
      const { access } = await t.login('admin')
      expect((await t.as(access, { method: 'GET', url: '/api/core/company-logo/' })).json()).toEqual({ light: null, dark: null })
      const light = await upload(access, 'light', 'image/png', PNG)
      expect(light.statusCode).toBe(200)
      expect(light.json()).toMatchObject({ light: { content_type: 'image/png', size: PNG.length }, dark: null })
      const dark = await upload(access, 'dark', 'image/svg+xml', SVG)
      expect(dark.json()).toMatchObject({ light: { content_type: 'image/png' }, dark: { content_type: 'image/svg+xml' } })

      const { access: opAccess } = await t.login('operator')
      const served = await t.as(opAccess, { method: 'GET', url: '/api/core/company-logo/light/' })
      expect(served.statusCode).toBe(200)
      expect(served.headers['content-type']).toBe('image/png')
      expect(served.rawPayload.equals(PNG)).toBe(true)
      const servedDark = await t.as(opAccess, { method: 'GET', url: '/api/core/company-logo/dark/' })
      expect(servedDark.headers['content-type']).toBe('image/svg+xml')
      expect(servedDark.headers['content-security-policy']).toContain("default-src 'none'")

      // another company sees its own (none), never this one
      const { access: acme } = await t.login('acme.operator')
      expect((await t.as(acme, { method: 'GET', url: '/api/core/company-logo/' })).json()).toEqual({ light: null, dark: null })
      expect((await t.as(acme, { method: 'GET', url: '/api/core/company-logo/light/' })).statusCode).toBe(404)
      // and no one signed out
      expect((await t.app.inject({ method: 'GET', url: '/api/core/company-logo/light/' })).statusCode).toBe(401)

      // replaced, then removed
      const replaced = await upload(access, 'light', 'image/svg+xml', SVG)
      expect(replaced.json()).toMatchObject({ light: { content_type: 'image/svg+xml' } })
      expect((await t.as(access, { method: 'DELETE', url: '/api/core/company-logo/dark/' })).statusCode).toBe(204)
      expect((await t.as(access, { method: 'GET', url: '/api/core/company-logo/' })).json()).toMatchObject({ light: { content_type: 'image/svg+xml' }, dark: null })
      expect((await t.as(opAccess, { method: 'GET', url: '/api/core/company-logo/dark/' })).statusCode).toBe(404)
    })

    it('refuses a wrong type, a renamed file, a script in an SVG and a file too big, by field and code', async () => {
      const { access } = await t.login('admin')
      const gif = await upload(access, 'light', 'image/gif', Buffer.from('GIF89a'))
      expect(gif.statusCode).toBe(400)
      expect(gif.json()).toMatchObject({ data: ['Upload a PNG, SVG or JPEG image.'], codes: { data: [{ code: 'logo_wrong_type' }] } })
      const renamed = await upload(access, 'light', 'image/png', SVG)
      expect(renamed.json()).toMatchObject({ codes: { data: [{ code: 'logo_wrong_type' }] } })
      const script = await upload(access, 'light', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'))
      expect(script.json()).toMatchObject({ codes: { data: [{ code: 'logo_unsafe_svg' }] } })
      const big = Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES)])
      const tooBig = await upload(access, 'light', 'image/png', big)
      expect(tooBig.statusCode).toBe(400)
      expect(tooBig.json()).toMatchObject({ codes: { data: [{ code: 'logo_too_large', params: { max: '256' } }] } })
      const variant = await upload(access, 'sepia', 'image/png', PNG)
      // a malformed path is a 404, as everywhere in the API
      expect(variant.statusCode).toBe(404)
    })

    it('refuses supervisors and operators (403), who still see it', async () => {
      for (const username of ['supervisor', 'operator']) {
        const { access } = await t.login(username)
        expect((await upload(access, 'light', 'image/png', PNG)).statusCode).toBe(403)
        expect((await t.as(access, { method: 'DELETE', url: '/api/core/company-logo/light/' })).statusCode).toBe(403)
        expect((await t.as(access, { method: 'GET', url: '/api/core/company-logo/' })).statusCode).toBe(200)
      }
    })
  })
})
