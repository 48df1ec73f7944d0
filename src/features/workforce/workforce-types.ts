/** Workforce rows as the API answers them (server/modules/master-data/master-data.routes.ts, server/modules/auth/users.routes.ts). */

export interface Ref {
  id: number
  code: string
}

/** A user as the users screen lists it, and what its form sends (contracts/auth). */
export type { UserInput, UserRow as WorkforceUser } from '../../../contracts/auth/auth.contract'

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
