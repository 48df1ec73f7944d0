/** Hands a file to the browser's download: every export and saved file of the app goes through here. */
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

/** A CSV text as a download, with a byte order mark first (added when missing) so spreadsheets read it as UTF-8. */
export function downloadCsvText(text: string, filename: string): void {
  downloadBlob(new Blob([text.startsWith('\uFEFF') ? text : '\uFEFF' + text], { type: 'text/csv;charset=utf-8' }), filename)
}
