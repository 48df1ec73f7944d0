import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { launchBrowser, newPage } from '../support/browser'
import { startServer } from '../support/server-harness'
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wms-probe-'))
const server = await startServer({ dataDir, env: { WMS_ADMIN_PASSWORD: 'probe-secret-1' } })
const session = await launchBrowser()
try {
  const login = await (await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'probe-secret-1' }) })).json() as { access: string; refresh: string }
  const me = await (await fetch(`${server.url}/api/auth/me`, { headers: { authorization: `Bearer ${login.access}` } })).json()
  for (let i = 0; i < 2; i++) {
    const { context, page } = await newPage(session.browser, { baseURL: server.url, viewport: { width: 1280, height: 900 } })
    await context.addInitScript(({ access, refresh, user }) => {
      localStorage.setItem('movatic.access', access); localStorage.setItem('movatic.refresh', refresh)
      localStorage.setItem('movatic.auth', JSON.stringify({ access, refresh })); localStorage.setItem('movatic.user', JSON.stringify(user))
      new PerformanceObserver((l) => { for (const e of l.getEntries()) (window as any).__lt = [...((window as any).__lt ?? []), [Math.round(e.startTime), Math.round(e.duration)]] }).observe({ type: 'longtask', buffered: true })
    }, { access: login.access, refresh: login.refresh, user: me })
    await page.goto('/flows')
    await page.locator('[data-testid="flow-catalogue"] [data-testid="flow-coverage"]').first().waitFor({ timeout: 60000 })
    const marks = await page.evaluate(() => performance.getEntriesByType('mark').map((m) => `${m.name}@${Math.round(m.startTime)}`))
    console.log(marks.join(' '))
    const out = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
      const res = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => `${Math.round(r.startTime)}-${Math.round(r.responseEnd)} ${r.initiatorType} ${Math.round(r.encodedBodySize / 1024)}kB ${r.name.replace(location.origin, '')}`)
      return { now: Math.round(performance.now()), dcl: Math.round(nav.domContentLoadedEventEnd), load: Math.round(nav.loadEventEnd), res, lt: (window as any).__lt }
    })
    console.log(JSON.stringify(out))
    await context.close()
  }
} finally { await session.close(); await server.stop() }
