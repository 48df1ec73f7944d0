// The render thread's entry (render-pool.ts). A worker thread does not inherit the parent's TypeScript loader (tsx
// registers its hooks for the main thread only, under `npm run dev`, `node --import tsx` and vitest alike; the
// bundled server of `npm start` has none: tooling/server-build.mjs), so the thread registers tsx itself when the
// worker module cannot be loaded as it is. Node 20 refuses the .ts file outright (ERR_UNKNOWN_FILE_EXTENSION); Node
// 22.18+ and 24 strip its types and load it, then fail on its extensionless imports (ERR_MODULE_NOT_FOUND): both mean
// "no TypeScript loader here". The second import carries a query: Node remembers a failed import of a URL and would
// refuse it again.
const worker = new URL('./render.worker.ts', import.meta.url)
try {
  await import(worker.href)
} catch (e) {
  if (e?.code !== 'ERR_UNKNOWN_FILE_EXTENSION' && e?.code !== 'ERR_MODULE_NOT_FOUND') throw e
  const { register } = await import('tsx/esm/api')
  register()
  worker.search = '?tsx'
  await import(worker.href)
}
