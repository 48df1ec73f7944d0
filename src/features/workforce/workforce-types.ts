/** Workforce rows as the API answers them (server/modules/master-data/master-data.routes.ts). */
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

export interface Skill {
  id: number
  code: string
  name: string
}

export interface ParkingSpot {
  id: number
  code: string
  name: string
  warehouse: Ref | null
}

export interface Equipment {
  id: number
  code: string
  name: string
  kind: string
  status: 'available' | 'busy' | 'down' | string
  warehouse: Ref | null
}

export interface Option {
  id: number
  code: string
  name: string
}
