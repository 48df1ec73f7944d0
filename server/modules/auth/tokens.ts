import { createHash, randomBytes } from 'node:crypto'
import { SignJWT, jwtVerify } from 'jose'

export const ACCESS_TTL_SECONDS = 15 * 60
export const REFRESH_TTL_SECONDS = 14 * 24 * 3600
/** Two tabs refreshing with the same token at once are not a theft (RFC 9700 leaves room for a grace period). */
export const REUSE_GRACE_MS = 10_000

const ISSUER = 'movatic-wms'
const AUDIENCE = 'movatic-wms-api'
const ALG = 'HS256'

export type AccessClaims = { userId: number; companyId: number; role: string; sessionId: string }

export class TokenService {
  // imported once: given raw bytes, jose imports the HMAC key again on every sign and verify (a per-request cost)
  private readonly key: Promise<CryptoKey>
  constructor(secret: string) {
    this.key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify'])
  }

  async signAccess(c: AccessClaims, ttlSeconds = ACCESS_TTL_SECONDS): Promise<string> {
    return new SignJWT({ cid: c.companyId, role: c.role, sid: c.sessionId, typ: 'access' })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setSubject(String(c.userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(await this.key)
  }

  // tokens whose signature checked out, with their expiry: a token is sent with every request for 15 minutes, and
  // its HMAC need not be checked again (an exact string match is the same token); expiry still is, every time
  private readonly verified = new Map<string, { claims: AccessClaims; expiresAt: number }>()

  /** Only HS256 is accepted (no `alg: none`, no key confusion); expiry, issuer and audience are checked. */
  async verifyAccess(token: string): Promise<AccessClaims | null> {
    const known = this.verified.get(token)
    if (known) {
      if (Date.now() < known.expiresAt) return known.claims
      this.verified.delete(token)
    }
    const claims = await this.verifySignature(token)
    if (claims) {
      if (this.verified.size >= 10_000) this.verified.clear()
      this.verified.set(token, claims)
    }
    return claims?.claims ?? null
  }

  private async verifySignature(token: string): Promise<{ claims: AccessClaims; expiresAt: number } | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: [ALG],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['exp', 'sub', 'sid'],
      })
      if (payload.typ !== 'access') return null
      const userId = Number(payload.sub)
      if (!Number.isInteger(userId) || typeof payload.sid !== 'string') return null
      const claims = { userId, companyId: Number(payload.cid), role: String(payload.role), sessionId: payload.sid }
      return { claims, expiresAt: (payload.exp as number) * 1000 }
    } catch {
      return null
    }
  }
}

export const newRefreshToken = () => randomBytes(32).toString('base64url')
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')
