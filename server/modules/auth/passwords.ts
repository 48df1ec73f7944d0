import { hash, verify } from '@node-rs/argon2'

// OWASP Password Storage Cheat Sheet: argon2id, m=19 MiB, t=2, p=1
const OPTIONS = { algorithm: 2 /* Algorithm.Argon2id: a const enum, not importable with isolatedModules */, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const

export const hashPassword = (password: string) => hash(password, OPTIONS)

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password)
  } catch {
    return false
  }
}

// Verified against when the username is unknown, so both failures cost the same time.
let dummy: Promise<string> | undefined
export async function burnVerify(password: string): Promise<void> {
  dummy ??= hashPassword('not-a-real-password-' + Math.random())
  await verifyPassword(await dummy, password)
}

export { PASSWORD_MIN_LENGTH } from '../../../contracts/auth/auth.rules'
