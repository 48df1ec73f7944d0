// the one download helper is the app's (src/lib/download.ts): the stock and ledger exports use it
export { downloadBlob } from '../../lib/download'

/** A file name's time stamp: 20261124-0715. */
export function fileStamp(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}-${pad(date.getHours())}${pad(date.getMinutes())}`
}
