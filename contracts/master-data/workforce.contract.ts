/** Skills, parking spots and equipment (SPEC 3): what the API answers and takes. */
import { z } from 'zod'
import { codeField, codeNameBody, codeNameOut, codeRef, id, idRef, nameField } from '../primitives'
import { EQUIPMENT_STATUSES } from './master-data.rules'

export const skillOut = codeNameOut
export type Skill = z.infer<typeof skillOut>
export const skillBody = codeNameBody
export type SkillInput = z.input<typeof skillBody>

export const parkingSpotOut = z.object({ id, code: z.string(), name: z.string(), warehouse: codeRef.nullable(), is_active: z.boolean() })
export type ParkingSpot = z.infer<typeof parkingSpotOut>
export const parkingSpotBody = z.object({ code: codeField, name: nameField, warehouse: idRef.nullable().optional(), is_active: z.boolean().optional() })
export type ParkingSpotInput = z.input<typeof parkingSpotBody>

export const equipmentOut = z.object({
  id,
  code: z.string(),
  name: z.string(),
  kind: z.string(),
  status: z.enum(EQUIPMENT_STATUSES),
  warehouse: codeRef.nullable(),
  is_active: z.boolean(),
})
export type Equipment = z.infer<typeof equipmentOut>
export const equipmentBody = z.object({
  code: codeField,
  name: nameField,
  kind: z.string().trim().min(1).max(64).optional(),
  status: z.enum(EQUIPMENT_STATUSES).optional(),
  warehouse: idRef.nullable().optional(),
  is_active: z.boolean().optional(),
})
export type EquipmentInput = z.input<typeof equipmentBody>
