import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { printingKeys } from '../printing-query-keys'
import type { PrintingSettings, PrintingSettingsPatch } from '../printing-types'

/** The networks the company's printers may be on (ADR 0004 amendment on printer addresses). */
export async function getPrintingSettings(): Promise<PrintingSettings> {
  const body = await api.get<Partial<PrintingSettings>>('/printing/settings/')
  // an answer without the list (another server, an older one) is no answer: the screen says it could not load
  if (!Array.isArray(body.allowed_networks)) throw new Error('Unexpected answer for /printing/settings/')
  return { allowed_networks: body.allowed_networks, is_default: body.is_default === true }
}

export function printingSettingsQueryOptions() {
  return queryOptions({ queryKey: printingKeys.settings(), queryFn: getPrintingSettings })
}

export function patchPrintingSettings(body: PrintingSettingsPatch): Promise<PrintingSettings> {
  return api.patch<PrintingSettings>('/printing/settings/', body)
}
