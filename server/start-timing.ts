/**
 * The start's phases, timed (ADR 0021, "Where a restart's time goes"): with WMS_START_TIMING=1 each phase prints one
 * line to stderr: milliseconds since the process began (`performance.now()` counts from Node's own start, so the
 * first line includes loading the bundle and its packages), the phase, and the wall and CPU milliseconds since the
 * previous line (CPU: every thread of the process, so a busy machine shows as wall well above CPU). Off by default: a
 * mark then costs one comparison.
 */
const on = process.env.WMS_START_TIMING === '1'
let lastWall = 0
let lastCpu = 0

export function startMark(phase: string): void {
  if (!on) return
  const wall = performance.now()
  const { user, system } = process.cpuUsage()
  const cpu = (user + system) / 1000
  process.stderr.write(`[start] ${wall.toFixed(0).padStart(6)} ms  ${phase} (+${(wall - lastWall).toFixed(0)} ms, cpu +${(cpu - lastCpu).toFixed(0)} ms)\n`)
  lastWall = wall
  lastCpu = cpu
}
