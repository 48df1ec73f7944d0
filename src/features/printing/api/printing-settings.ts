import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { printingKeys } from '../printing-query-keys'
import type { PrintingSettings, PrintingSettingsPatch } from '../printing-types'

/** The networks the company's printers may be on (ADR 0004 amendment on printer addresses). */
export function printingSettingsQueryOptions() {
  return queryOptions({ queryKey: printingKeys.settings(), queryFn: () => api.get<PrintingSettings>('/printing/settings/') })
}

export function patchPrintingSettings(body: PrintingSettingsPatch): Promise<PrintingSettings> {
  return api.patch<PrintingSettings>('/printing/settings/', body)
}
