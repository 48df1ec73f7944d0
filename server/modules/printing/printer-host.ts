/**
 * A printer's host: an IPv6-like run of hex digits and colons, or dot-separated names (one trailing dot allowed)
 * of letters, digits and inner hyphens, whose labels keep within 63 characters (a name is cut into labels only
 * between two letters or digits).
 *
 * Checked in linear time on purpose: the regular expression this replaces,
 * /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.?)+$/, accepts the same hosts but backtracks exponentially on
 * a long name that fails at its end ('a' x 30 then '!' took seconds, each more letter doubling it), blocking the
 * event loop for every request.
 */
export function isValidHost(host: string): boolean {
  if (/^[0-9A-Fa-f:]+$/.test(host)) return true
  const names = host.split('.')
  if (names.length > 1 && names.at(-1) === '') names.pop()
  return names.every(
    (name) => /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/.test(name) && name.split(/(?<=[A-Za-z0-9])(?=[A-Za-z0-9])/).every((label) => label.length <= 63),
  )
}
