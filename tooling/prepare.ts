/**
 * `npm install`'s `prepare` script (docs/node-and-ci.md): what the first `npm start` would otherwise wait for, made
 * side by side (two processes, two cores): the app's build (app-build.ts, skipped when dist/ is current), the
 * embedded database's migrated template (server/db/pglite-template.ts, skipped when one for these migrations exists)
 * and the server's bundles (server-build.mjs, skipped when current). None failing fails the install: `npm start`
 * does without (builds the app beside the server; runs initdb; bundles the server before it starts).
 */
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { appBuildIsCurrent, buildApp } from './app-build'
import { ensureServerBuild, serverBuildIsCurrent } from './server-build.mjs'
import { applyMigrations, openDatabase } from '../server/db/client'
import { TEMPLATE_DIR, templateFile } from '../server/db/pglite-template'

async function appStep(): Promise<void> {
  if (appBuildIsCurrent()) return console.log('prepare: the app build in dist/ is current.')
  const started = Date.now()
  console.log('prepare: building the app...')
  const ok = await buildApp()
  console.log(ok ? `prepare: app built in ${secs(started)}.` : 'prepare: the app build failed (see above); npm start will build it again.')
}

async function templateStep(): Promise<void> {
  const file = templateFile()
  if (readdirSync(TEMPLATE_DIR, { withFileTypes: true }).some((e) => e.name === path.basename(file))) return console.log('prepare: the database template is current.')
  const started = Date.now()
  const database = await openDatabase({ memory: true })
  try {
    await applyMigrations(database)
    const tar = await database.dumpDataDir!('gzip')
    const tmp = `${file}.${process.pid}.tmp`
    writeFileSync(tmp, Buffer.from(await tar.arrayBuffer()))
    // one template at a time: those of older migrations are never used again
    for (const e of readdirSync(TEMPLATE_DIR)) if (/^pglite-.*\.tar\.gz$/.test(e)) rmSync(path.join(TEMPLATE_DIR, e), { force: true })
    renameSync(tmp, file)
    console.log(`prepare: database template made in ${secs(started)} (${path.relative(process.cwd(), file)}).`)
  } finally {
    await database.close()
  }
}

async function serverStep(): Promise<void> {
  if (serverBuildIsCurrent('start') && serverBuildIsCurrent('main')) return console.log('prepare: the server bundles are current.')
  const started = Date.now()
  await ensureServerBuild('start')
  await ensureServerBuild('main')
  console.log(`prepare: server bundled in ${secs(started)} (dist-server/).`)
}

const secs = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`

mkdirSync(TEMPLATE_DIR, { recursive: true })
const results = await Promise.allSettled([appStep(), templateStep(), serverStep()])
for (const r of results) if (r.status === 'rejected') console.warn('prepare:', r.reason)

