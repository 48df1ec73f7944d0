/**
 * `npm start`: serve the app and the API. A missing or stale build of the app (tooling/app-build.ts: a hash of its
 * sources) is rebuilt in a child process while the server opens, migrates and creates the demo data, instead of
 * before: on a first start the two take about as long as the slower one, not their sum. `npm install` has usually
 * built it already (the `prepare` script); until a build is in, pages show a wait page and the API answers.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { ROOT, appBuildExists, appBuildIsCurrent, buildApp } from '../tooling/app-build'
import { startMark } from './start-timing'

startMark('start.ts loaded')

let appBuild: Promise<boolean> | undefined
if (existsSync(path.join(ROOT, 'index.html')) && !appBuildIsCurrent()) {
  const started = Date.now()
  console.log(appBuildExists() ? 'Sources changed since the last build: rebuilding the app beside the server...' : 'Building the app beside the server (first run)...')
  appBuild = buildApp({ nice: true }).then((ok) => {
    if (ok) console.log(`App built in ${((Date.now() - started) / 1000).toFixed(1)} s: serving it.`)
    else console.error('The app build failed; see above. The API still answers; fix the error and restart.')
    return ok
  })
}

startMark('app build checked')
const { runServer, exitOnError } = await import('./main')
runServer({ appBuild }).catch(exitOnError)
