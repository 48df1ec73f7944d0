/** The company's logo (SPEC 2.13, SPEC 1's client logo in the header): light and dark variants, uploaded by an admin. */
import { z } from 'zod'
import { timestampOut } from '../primitives'

import { LOGO_MAX_BYTES, LOGO_TYPES, LOGO_VARIANTS } from './company-logo.rules'

export { LOGO_MAX_BYTES, LOGO_TYPES, LOGO_VARIANTS, type LogoType, type LogoVariant } from './company-logo.rules'

export const logoVariantParams = z.object({ variant: z.enum(LOGO_VARIANTS) })

/** PUT /core/company-logo/{variant}/: the file, base64 (a JSON body like every other write). */
export const logoUploadBody = z.object({
  content_type: z.string().max(100),
  // room for twice LOGO_MAX_BYTES (under the 1 MB body limit), so a file a little too big hears its size in KB
  data: z.string().min(1).max(Math.ceil((2 * LOGO_MAX_BYTES) / 3) * 4 + 200),
})
export type LogoUpload = z.infer<typeof logoUploadBody>

const logoFile = z.object({ content_type: z.enum(LOGO_TYPES), size: z.number().int(), updated_at: timestampOut })
/** GET /core/company-logo/: which variants the company has (null: none); the bytes are at /core/company-logo/{variant}/. */
export const companyLogoOut = z.object({ light: logoFile.nullable(), dark: logoFile.nullable() })
export type CompanyLogo = z.infer<typeof companyLogoOut>
