/**
 * Every XState machine of the product (ADR 0007), for the /flows screen and `npm run flows`: each machine's words
 * (catalogue-info.ts, in the same order) with its model (`<name>.model.ts`). Adding a machine is an entry in
 * catalogue-info.ts and its model here.
 */
import type { MachineModel } from '../testing/model-coverage'
import { copackModel } from '../copack/copack.model'
import { labelPrintModel } from '../label-print/label-print.model'
import { outboxModel } from '../outbox/outbox.model'
import { moveModel } from '../move/move.model'
import { putawayModel } from '../putaway/putaway.model'
import { replenishModel } from '../replenish/replenish.model'
import { receiveModel } from '../receive/receive.model'
import { countModel } from '../count/count.model'
import { shipModel } from '../ship/ship.model'
import { pickModel } from '../cluster-pick/cluster-pick.model'
import { wavePlanModel } from '../wave-plan/wave-plan.model'
import { nextTaskModel } from '../next-task/next-task.model'
import { waveReleaseModel } from '../wave-release/wave-release.model'
import { probeModel } from '../probe/probe.model'
import { scannerModel } from '../scanner/scanner.model'
import { sessionModel } from '../session/session.model'
import { wizardModel } from '../wizard/wizard.model'
import { MACHINE_INFO, type MachineInfo } from './catalogue-info'

export interface CatalogueEntry extends MachineInfo {
  model: MachineModel
}

const MODELS: Record<string, MachineModel> = {
  session: sessionModel as MachineModel,
  probe: probeModel as MachineModel,
  scanner: scannerModel as MachineModel,
  wizard: wizardModel as MachineModel,
  copack: copackModel as MachineModel,
  labelPrint: labelPrintModel as MachineModel,
  outbox: outboxModel as MachineModel,
  move: moveModel as MachineModel,
  putaway: putawayModel as MachineModel,
  replenish: replenishModel as MachineModel,
  receive: receiveModel as MachineModel,
  count: countModel as MachineModel,
  ship: shipModel as MachineModel,
  clusterPick: pickModel as MachineModel,
  wavePlan: wavePlanModel as MachineModel,
  nextTask: nextTaskModel as MachineModel,
  waveRelease: waveReleaseModel as MachineModel,
}

export const MACHINE_CATALOGUE: readonly CatalogueEntry[] = MACHINE_INFO.map((info) => {
  const model = MODELS[info.id]
  if (!model) throw new Error(`the machine ${info.id} has no model in machines/flows/catalogue.ts`)
  return { ...info, model }
})

export function catalogueEntry(id: string): CatalogueEntry | undefined {
  return MACHINE_CATALOGUE.find((entry) => entry.id === id)
}
