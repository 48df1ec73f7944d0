/** `npm run dev`: the API with reload (tsx watch) on :8080 and Vite with HMR on :5173, proxying /api. */
import { spawn } from 'node:child_process'

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], { stdio: 'inherit', env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' } }),
  spawn('npx', ['vite', '--port', '5173'], { stdio: 'inherit' }),
]
const stop = () => {
  for (const c of children) c.kill('SIGTERM')
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const c of children) c.on('exit', (code) => {
  stop()
  process.exitCode = code ?? 0
})
