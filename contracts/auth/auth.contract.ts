/** Signing in and the signed-in user (SPEC 3 "User", 7), and the users resource the auth module owns (ADR 0009). */
import { z } from 'zod'
import { codeRef, emailField, id, idRef, nameRef, optionalText, timestampOut } from '../primitives'
import { PASSWORD_MIN_LENGTH, ROLES } from './auth.rules'

export const tokenPairOut = z.object({ access: z.string(), refresh: z.string() })
export type TokenPair = z.infer<typeof tokenPairOut>

/** POST /auth/login */
export const loginBody = z.object({ username: z.string().trim().min(1).max(150), password: z.string().min(1).max(512) })
export type LoginRequest = z.infer<typeof loginBody>

/** POST /auth/refresh */
export const refreshBody = z.object({ refresh: z.string().min(1).max(200) })

/** POST /auth/logout: the body is optional; a refresh token of another session of the same user ends that one too. */
export const logoutBody = z.object({ refresh: z.string().max(200).optional() }).nullish()

/** GET /auth/me: the signed-in user. */
export const meOut = z.object({
  id,
  username: z.string(),
  role: z.enum(ROLES),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  company: nameRef.extend({ logoUrl: z.string().nullable(), logoUrlDark: z.string().nullable() }),
  default_site: nameRef.nullable(),
  default_warehouse: nameRef.nullable(),
})
export type Me = z.infer<typeof meOut>

/** /users/users/ (admins write): a user as the users screen lists it. */
export const userOut = z.object({
  id,
  username: z.string(),
  role: z.enum(ROLES),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  is_active: z.boolean(),
  default_site: codeRef.nullable(),
  default_warehouse: codeRef.nullable(),
  last_login_at: timestampOut.nullable(),
})
export type UserRow = z.infer<typeof userOut>

/** POST (create: password required); PATCH takes any part of it (the password only to change it). */
export const userBody = z.object({
  username: z
    .string()
    .trim()
    .min(1)
    .max(150)
    .regex(/^[\w.@+-]+$/, 'Letters, digits and @/./+/-/_ only.'),
  password: z.string().min(PASSWORD_MIN_LENGTH, `This password is too short. It must contain at least ${PASSWORD_MIN_LENGTH} characters.`).max(512),
  role: z.enum(ROLES).optional(),
  first_name: optionalText(150),
  last_name: optionalText(150),
  email: emailField.nullable().optional(),
  is_active: z.boolean().optional(),
  default_site: idRef.nullable().optional(),
  default_warehouse: idRef.nullable().optional(),
})
export const userFilters = z.object({ role: z.enum(ROLES).optional(), is_active: z.enum(['true', 'false']).optional() })
/** What the users form sends: every field, the password only when one is typed. */
export type UserInput = Required<Omit<z.input<typeof userBody>, 'password'>> & { password?: string }

/** POST /auth/password/ (SPEC 2.13): the signed-in user changes their own password; the same rules as a new user's. */
export const passwordChangeBody = z.object({
  current_password: z.string().min(1).max(512),
  new_password: userBody.shape.password,
})
export type PasswordChange = z.infer<typeof passwordChangeBody>

/** GET/PATCH /auth/preferences/ (SPEC 2.13): what the signed-in user chose for themselves, kept on the server. */
export const preferencesOut = z.object({ default_printer: nameRef.omit({ code: true }).nullable() })
export type Preferences = z.infer<typeof preferencesOut>
export const preferencesPatch = z.object({ default_printer: idRef.nullable().optional() })
export type PreferencesPatch = z.infer<typeof preferencesPatch>
