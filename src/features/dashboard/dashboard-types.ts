/** SPEC 3: the dashboard's series, as the contract types them (contracts/tasks). */
export type { DailyTasks, EquipmentStatus } from '../../../contracts/tasks/tasks.contract'
