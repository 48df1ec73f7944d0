// `npm start` (ADR 0021, "The server runs bundled"): server/start.ts bundled (tooling/server-build.mjs), rebuilt first
// when a source changed since the last build (about a second), then run with plain node: no TypeScript is compiled
// while the server starts. `npm install` builds it already (tooling/prepare.ts).
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { SERVER_BUILD_DIR, buildServer, serverBuildIsCurrent } from './server-build.mjs'
import { preloadPglite } from './pglite-preload.mjs'

// the embedded database's WebAssembly compiles while the bundle loads (pglite-preload.mjs)
preloadPglite()

// checked once (290-odd files' sizes and mtimes): ensureServerBuild would check again
const current = serverBuildIsCurrent('start')
if (!current) console.log('Bundling the server (its sources changed since the last build)...')
await import(pathToFileURL(current ? path.join(SERVER_BUILD_DIR, 'start.mjs') : await buildServer('start')).href)
