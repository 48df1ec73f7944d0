import { chromium } from 'playwright-core'
const base = 'http://localhost:8097'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] })
const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: base })
const page = await ctx.newPage()
page.on('pageerror', (e) => console.log('PAGEERROR', e.message))
page.on('console', (m) => m.type() === 'error' && console.log('CONSOLE', m.text()))
await page.goto('/login')
await page.getByLabel(/Usuário/).fill('admin')
await page.getByLabel(/Senha/).fill('shots-password-1')
await page.getByRole('button', { name: 'Entrar' }).click()
await page.waitForURL((u) => !u.pathname.startsWith('/login'))
for (const [name, path] of process.argv.slice(2).map((a) => a.split('='))) {
  await page.goto(path)
  await page.waitForTimeout(2500)
  const overflow = await page.evaluate(() => [...document.querySelectorAll('table')].map((t) => ({ label: t.getAttribute('aria-label'), scroll: t.parentElement!.scrollWidth, client: t.parentElement!.clientWidth, table: t.scrollWidth })))
  console.log(name, JSON.stringify(overflow))
  await page.screenshot({ path: `/tmp/shots/${name}.png` })
}
await browser.close()
