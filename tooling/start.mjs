// `npm start` (ADR 0021, "The server runs bundled"): server/start.ts bundled (tooling/server-build.mjs), rebuilt first
// when a source changed since the last build (about a second), then run with plain node: no TypeScript is compiled
// while the server starts. `npm install` builds it already (tooling/prepare.ts).
import { pathToFileURL } from 'node:url'
import { serverBuildIsCurrent, ensureServerBuild } from './server-build.mjs'
import { preloadPglite } from './pglite-preload.mjs'

// the embedded database's WebAssembly compiles while the bundle loads (pglite-preload.mjs)
preloadPglite()

if (!serverBuildIsCurrent('start')) console.log('Bundling the server (its sources changed since the last build)...')
await import(pathToFileURL(await ensureServerBuild('start')).href)
