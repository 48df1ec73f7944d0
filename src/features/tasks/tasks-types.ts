/** A task as GET /api/workforce/tasks/ answers it (SPEC 2.10): the contract's type (contracts/tasks). */
export type { Task } from '../../../contracts/tasks/tasks.contract'
export type { TaskStatus } from '../../../contracts/tasks/tasks.rules'
