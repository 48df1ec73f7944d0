/**
 * How the router writes a route's search params into the URL (STYLE habit 17: the URL is the state of a list, and a
 * link should read like the request it makes). TanStack Router's default quotes every string that would also parse
 * as JSON, so a pallet code of digits became `pallet_code=%22…%22`, and reads an 18-digit SSCC back as a rounded
 * number. Here a text is written plain unless it would read back as something else (true, false, null, a quoted
 * text, a list or an object); a number is read as a number only when it writes back the same, so a code of digits
 * keeps every digit (the routes' validateSearch turn a number back into the text a text filter expects).
 */
import { parseSearchWith, stringifySearchWith } from '@tanstack/react-router'

/** JSON.parse, but a number that would not write back the same (`003`, `1.50`, 18 digits) stays text. */
function parseValue(text: string): unknown {
  const value: unknown = JSON.parse(text)
  if (typeof value === 'number' && String(value) !== text) throw new Error('kept as text')
  return value
}

/** Throws when a text, written plain, reads back as the same text or a number of the same digits. */
function readsBackOtherwise(text: string): unknown {
  const value = parseValue(text)
  if (typeof value === 'number') throw new Error('plain')
  return value
}

export const parseSearch = parseSearchWith(parseValue)
export const stringifySearch = stringifySearchWith(JSON.stringify, readsBackOtherwise)
