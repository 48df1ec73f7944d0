/** SPEC 3: a point of the daily task series. */
export interface DailyTasks {
  /** YYYY-MM-DD */
  date: string
  done: number
  open: number
}

/** SPEC 3: equipment by status; active = available + busy. */
export interface EquipmentStatus {
  available: number
  busy: number
  down: number
}
