import { api } from '../../../lib/api-client'
import type { CompanyLogo, LogoVariant } from '../../../../contracts/master-data/company-logo.contract'

/** SPEC 2.13: upload or replace one variant of the company's logo (admins); `data` is the file as a data URL. */
export function uploadCompanyLogo(variant: LogoVariant, file: { type: string; data: string }): Promise<CompanyLogo> {
  return api.put<CompanyLogo>(`/core/company-logo/${variant}/`, { content_type: file.type, data: file.data })
}

export function removeCompanyLogo(variant: LogoVariant): Promise<void> {
  return api.del(`/core/company-logo/${variant}/`)
}
