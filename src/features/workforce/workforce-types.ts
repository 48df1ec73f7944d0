/** Workforce rows as the API answers them; users from contracts/auth, skills, parking spots and equipment from contracts/master-data. */

export interface Ref {
  id: number
  code: string
}

/** A user as the users screen lists it, and what its form sends (contracts/auth). */
export type { UserInput, UserRow as WorkforceUser } from '../../../contracts/auth/auth.contract'

export type { Equipment, ParkingSpot, Skill } from '../../../contracts/master-data/workforce.contract'

export interface Option {
  id: number
  code: string
  name: string
}
