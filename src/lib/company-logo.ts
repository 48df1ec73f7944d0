/**
 * The company's uploaded logo (SPEC 2.13, SPEC 1's client logo): shared by the header (shell) and Settings, which
 * replaces it. The image is served only with the bearer, so it is fetched by the one client and shown as a data URL.
 */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { CompanyLogo, LogoVariant } from '../../contracts/master-data/company-logo.contract'
import { api } from './api-client'

export const companyLogoKeys = {
  all: ['company-logo'] as const,
  info: () => [...companyLogoKeys.all, 'info'] as const,
  image: (variant: LogoVariant, version: string) => [...companyLogoKeys.all, 'image', variant, version] as const,
}

export function companyLogoQueryOptions() {
  return queryOptions({ queryKey: companyLogoKeys.info(), queryFn: () => api.get<CompanyLogo>('/core/company-logo/'), staleTime: 5 * 60_000 })
}

async function asDataUrl(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer())
  let binary = ''
  // in slices: a spread of a whole 256 KB file would overflow the call stack
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return `data:${blob.type.split(';')[0]};base64,${btoa(binary)}`
}

/** Which uploaded variant to show: the dark one in the dark theme, else the light one. */
export function logoVariantFor(info: CompanyLogo | undefined, dark: boolean): { variant: LogoVariant; version: string } | null {
  const light = info?.light ?? null
  const darkFile = info?.dark ?? null
  if (dark && darkFile) return { variant: 'dark', version: darkFile.updated_at }
  if (light) return { variant: 'light', version: light.updated_at }
  if (darkFile) return { variant: 'dark', version: darkFile.updated_at }
  return null
}

/** One variant's image as a data URL (cached by its upload time, so a replaced logo is fetched again). */
export function companyLogoImageQueryOptions(variant: LogoVariant, version: string) {
  return queryOptions({
    queryKey: companyLogoKeys.image(variant, version),
    queryFn: async () => asDataUrl(await api.get<Blob>(`/core/company-logo/${variant}/`, { responseType: 'blob' })),
    staleTime: Infinity,
  })
}

/** The data URL of the company's uploaded logo for this theme, or null (none uploaded, or signed out). */
export function useCompanyLogoSrc(dark: boolean, enabled: boolean): string | null {
  const info = useQuery({ ...companyLogoQueryOptions(), enabled })
  const pick = logoVariantFor(info.data, dark)
  const image = useQuery({ ...companyLogoImageQueryOptions(pick?.variant ?? 'light', pick?.version ?? ''), enabled: enabled && pick !== null })
  return pick ? (image.data ?? null) : null
}
