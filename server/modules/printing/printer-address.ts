import { isIP } from 'node:net'
import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { printingSettings } from '../../db/schema/printing'
import { isAddressOrCidr } from '../../env'
import { blockList, familyOf, plainAddress, resolveHost } from '../../kernel/ip-ranges'
import { DEFAULT_PRINTER_NETWORKS } from '../../../contracts/printing/printing.rules'

/**
 * Where a printer may be (docs/requirements.md §2.7, ADR 0004 amendment on printer addresses): the server opens a TCP
 * connection to a printer's host and port and writes to it, so a printer's address is a way to make the server talk
 * to any machine. A printer must be on a network an admin allows (by default the private ranges); loopback, link-local
 * and "this host" never, whatever the admin lists. Only the operator who starts the server can open more
 * (WMS_PRINTER_ALLOW_NETWORKS, which tests use for a printer stand-in on 127.0.0.1).
 */
const NEVER: readonly string[] = ['127.0.0.0/8', '169.254.0.0/16', '0.0.0.0/8', '::1/128', 'fe80::/10', '::/128']

const plain = plainAddress

const never = blockList(NEVER)

/** A network an admin cannot allow: it lies inside loopback, link-local or "this host". */
export function isForbiddenNetwork(entry: string): boolean {
  const [address, bits] = entry.split('/')
  const a = plain(address)
  const family = familyOf(a)
  const prefix = bits === undefined ? (family === 'ipv4' ? 32 : 128) : Number(bits)
  // a wider range (0.0.0.0/0) may be listed: its loopback part stays refused address by address (addressAllowed)
  return NEVER.some((n) => {
    const [na, nb] = n.split('/')
    return familyOf(na) === family && prefix >= Number(nb) && blockList([n]).check(a, family)
  })
}

export const isNetworkEntry = isAddressOrCidr

export type AddressPolicy = { allowed: readonly string[]; operatorAllowed: readonly string[] }

/** The company's allowed networks (the private ranges when an admin has set none). */
export async function allowedPrinterNetworks(db: DbOrTx, companyId: number): Promise<string[]> {
  const [row] = await db.select({ networks: printingSettings.allowedNetworks }).from(printingSettings).where(eq(printingSettings.companyId, companyId))
  return row ? row.networks : [...DEFAULT_PRINTER_NETWORKS]
}

/** Whether the server may connect to this IP address. */
export function addressAllowed(address: string, policy: AddressPolicy): boolean {
  const a = plain(address)
  const family = familyOf(a)
  if (policy.operatorAllowed.length && blockList(policy.operatorAllowed).check(a, family)) return true
  if (never.check(a, family)) return false
  return blockList(policy.allowed.filter((n) => !isForbiddenNetwork(n))).check(a, family)
}

export type AddressCheck = { ok: true; address: string } | { ok: false; address: string } | { ok: 'unresolved' }

/**
 * Resolve a printer's host (a name is resolved first: a name that points at loopback is loopback) and check every
 * address it has; the first address is the one to connect to, so the connection goes where the check looked.
 */
export async function checkPrinterHost(host: string, policy: AddressPolicy, resolve: (host: string) => Promise<string[]> = resolveHost): Promise<AddressCheck> {
  const literal = host.replace(/^\[(.*)\]$/, '$1')
  let addresses: string[]
  if (isIP(literal)) addresses = [literal]
  else {
    try {
      addresses = await resolve(host)
    } catch {
      return { ok: 'unresolved' }
    }
    if (!addresses.length) return { ok: 'unresolved' }
  }
  const refused = addresses.find((a) => !addressAllowed(a, policy))
  if (refused !== undefined) return { ok: false, address: plain(refused) }
  return { ok: true, address: addresses[0] }
}

