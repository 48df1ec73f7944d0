/** The company's logo (SPEC 2.13), zod-free so the app may import it: variants, accepted types, the size limit. */
export const LOGO_VARIANTS = ['light', 'dark'] as const
export type LogoVariant = (typeof LOGO_VARIANTS)[number]
export const LOGO_TYPES = ['image/png', 'image/svg+xml', 'image/jpeg'] as const
export type LogoType = (typeof LOGO_TYPES)[number]
/** The largest logo the server keeps (a header logo is a few KB; a photo is not a logo). */
export const LOGO_MAX_BYTES = 256 * 1024
