/// <reference types="vite/client" />

// Lingui's Vite plugin compiles a .po catalog into a module exporting its messages.
declare module '*.po' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}

/** The build's id (vite.config.ts `define`): a new one per `vite build`. */
declare const __APP_BUILD_ID__: string

interface ImportMetaEnv {
  /** A client logo shown beside the product logo in the header (SPEC 1); optional. */
  readonly VITE_CLIENT_LOGO_URL?: string
  /** The client logo for the dark theme; optional. */
  readonly VITE_CLIENT_LOGO_DARK_URL?: string
}
