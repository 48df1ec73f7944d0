import { afterEach, describe, expect, it, vi } from 'vitest'
import { api } from '../../../lib/api-client'
import { getMyToday, todayIn } from './get-my-today'

// 01:30 UTC on 3 December: still 2 December in São Paulo (UTC−3), already 3 December in Lisbon and Tokyo
const NOW = new Date('2026-12-03T01:30:00Z')

describe('the handheld asks for the warehouse’s today (docs/requirements.md §21.1, §21.2)', () => {
  afterEach(() => {
    vi.restoreAllMocks()
    localStorage.clear()
  })

  it('reads today in a time zone, and the device’s calendar without one or for an unknown one', () => {
    expect(todayIn('America/Sao_Paulo', NOW)).toBe('2026-12-02')
    expect(todayIn('Asia/Tokyo', NOW)).toBe('2026-12-03')
    const device = `${NOW.getFullYear()}-${String(NOW.getMonth() + 1).padStart(2, '0')}-${String(NOW.getDate()).padStart(2, '0')}`
    expect(todayIn(null, NOW)).toBe(device)
    expect(todayIn('Not/A_Zone', NOW)).toBe(device)
  })

  it('asks again for the warehouse’s day when the device’s is another, and asks for it at once next time', async () => {
    const days: string[] = []
    vi.spyOn(api, 'get').mockImplementation(async (_path: string, opts?: { query?: Record<string, unknown> }) => {
      days.push(String(opts?.query?.from))
      return { totals: { picked: opts?.query?.from === '2026-12-02' ? 7 : 0, received: 0, put_away: 0, picked_per_hour: null }, time_zone: 'America/Sao_Paulo' } as never
    })
    localStorage.setItem('wms.myToday.timeZone', 'Asia/Tokyo')
    const first = await getMyToday(5, undefined, () => NOW)
    expect(first.totals.picked).toBe(7)
    expect(days).toEqual(['2026-12-03', '2026-12-02'])
    await getMyToday(5, undefined, () => NOW)
    expect(days).toEqual(['2026-12-03', '2026-12-02', '2026-12-02'])
  })
})
