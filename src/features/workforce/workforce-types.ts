/** Workforce rows as the API answers them; skills, parking spots and equipment from the contract (contracts/master-data). */
import type { Role } from '../../lib/session-types'

export interface Ref {
  id: number
  code: string
}

export interface WorkforceUser {
  id: number
  username: string
  role: Role
  first_name: string
  last_name: string
  email: string | null
  is_active: boolean
  default_site: Ref | null
  default_warehouse: Ref | null
  last_login_at: string | null
}

/** POST (create, password required) or PATCH (edit, password only to change it). */
export interface UserInput {
  username: string
  password?: string
  role: Role
  first_name: string
  last_name: string
  email: string | null
  is_active: boolean
  default_site: number | null
  default_warehouse: number | null
}

export type { Equipment, ParkingSpot, Skill } from '../../../contracts/master-data/workforce.contract'

export interface Option {
  id: number
  code: string
  name: string
}
