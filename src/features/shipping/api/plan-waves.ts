import { api } from '../../../lib/api-client'
import type { WavePlan, WavePlanRequest } from '../shipping-types'

/** POST /shipping/waves/plan/ (SPEC 19.2): proposed waves for the rules; nothing is saved. */
export const planWaves = (body: WavePlanRequest) => api.post<WavePlan>('/shipping/waves/plan/', body)
