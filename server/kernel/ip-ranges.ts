import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'

/**
 * IP ranges for the places the server connects to on someone's word: printers (ADR 0004 amendment on printer
 * addresses) and webhook receivers (ADR 0020). Each keeps its own policy; this is what they share.
 */
export type Family = 'ipv4' | 'ipv6'
export const familyOf = (address: string): Family => (isIP(address) === 6 ? 'ipv6' : 'ipv4')

/** An IPv4 address written as IPv6 (::ffff:127.0.0.1) is checked as the IPv4 address it is. */
export function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  return mapped ? mapped[1] : address
}

/** A BlockList of addresses and CIDR ranges (10.0.0.1, 10.0.0.0/8, fd00::/8). */
export function blockList(networks: readonly string[]): BlockList {
  const list = new BlockList()
  for (const n of networks) {
    const [address, bits] = n.split('/')
    const family = familyOf(address)
    if (bits === undefined) list.addAddress(address, family)
    else list.addSubnet(address, Number(bits), family)
  }
  return list
}

/** Whether an address lies in one of the ranges. */
export const inRanges = (address: string, list: BlockList): boolean => {
  const a = plainAddress(address)
  return list.check(a, familyOf(a))
}

/** Every address a host name has (a literal address is itself). Throws when the name does not resolve. */
export async function resolveHost(host: string): Promise<string[]> {
  const literal = host.replace(/^\[(.*)\]$/, '$1')
  if (isIP(literal)) return [literal]
  const found = await lookup(host, { all: true, verbatim: true })
  return found.map((f) => f.address)
}
