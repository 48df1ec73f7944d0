import { isIP } from 'node:net'
import { blockList, inRanges, resolveHost } from '../../kernel/ip-ranges'

/**
 * Where a webhook may be sent (docs/requirements.md §6, ADR 0020): the server makes a request to any URL an admin
 * types, so a URL is a way to make it talk to the warehouse's own network. Public addresses only, unless the operator
 * who starts the server allows more (WMS_WEBHOOK_ALLOW_PRIVATE: `true` for every range, or a list of networks, which
 * tests use for a receiver on 127.0.0.1).
 */
const NOT_PUBLIC = blockList([
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '224.0.0.0/4',
  '240.0.0.0/4',
  '255.255.255.255/32',
  '::/128',
  '::1/128',
  'fc00::/7',
  'fe80::/10',
  'ff00::/8',
])

/** `true`: any address; a list: public addresses and these networks. */
export type WebhookAddressPolicy = { allowPrivate: true } | { allowPrivate: readonly string[] }

export function addressAllowed(address: string, policy: WebhookAddressPolicy): boolean {
  if (policy.allowPrivate === true) return true
  if (policy.allowPrivate.length && inRanges(address, blockList(policy.allowPrivate))) return true
  return !inRanges(address, NOT_PUBLIC)
}

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: 'scheme' | 'credentials' | 'invalid' | 'unresolved' | 'refused'; address?: string }

/** A receiver's URL: http(s), no user or password in it, and every address its host has allowed. */
export async function checkWebhookUrl(raw: string, policy: WebhookAddressPolicy, resolve: (host: string) => Promise<string[]> = resolveHost): Promise<UrlCheck> {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return { ok: false, reason: 'invalid' }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: 'scheme' }
  if (url.username || url.password) return { ok: false, reason: 'credentials' }
  if (!url.hostname) return { ok: false, reason: 'invalid' }
  let addresses: string[]
  try {
    addresses = await resolve(url.hostname)
  } catch {
    return { ok: false, reason: 'unresolved' }
  }
  if (!addresses.length) return { ok: false, reason: 'unresolved' }
  const refused = addresses.find((a) => !addressAllowed(a, policy))
  if (refused !== undefined) return { ok: false, reason: 'refused', address: refused }
  return { ok: true, url }
}

/** The answer a refused URL gets on its field (ADR 0015: the app translates by the text's code). */
export function urlRefusal(check: Exclude<UrlCheck, { ok: true }>): string {
  switch (check.reason) {
    case 'scheme':
      return 'Enter a URL that starts with http:// or https://.'
    case 'credentials':
      return 'A webhook URL may not hold a user name or password.'
    case 'invalid':
      return 'Enter a valid URL.'
    case 'unresolved':
      return 'The host name of this URL does not resolve.'
    case 'refused':
      return `This URL points at a private or local address (${check.address}); the server's operator must allow it (WMS_WEBHOOK_ALLOW_PRIVATE).`
  }
}

export const isLiteralAddress = (host: string) => isIP(host.replace(/^\[(.*)\]$/, '$1')) !== 0
