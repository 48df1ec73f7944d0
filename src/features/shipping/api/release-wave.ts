import { api } from '../../../lib/api-client'
import type { WaveReleaseBody, WaveReleaseOut } from '../shipping-types'

/** POST /shipping/waves/{id}/release/ (SPEC 19.3): reserve the wave's stock and create its pick work, once per command_id. */
export const releaseWave = (id: number, body: WaveReleaseBody) => api.post<WaveReleaseOut>(`/shipping/waves/${id}/release/`, body)
