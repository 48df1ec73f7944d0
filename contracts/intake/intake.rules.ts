/** Intake's constants (docs/requirements.md §7.1), zod-free so the app may import them. */
export const BULK_INTAKE_MAX = 1000
export const INTAKE_RESULTS = ['created', 'unchanged', 'updated', 'refused'] as const
export type IntakeResult = (typeof INTAKE_RESULTS)[number]
