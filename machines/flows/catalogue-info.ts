/**
 * Every XState machine of the product (ADR 0007) in words, without the machines themselves: what the /flows screen's
 * catalogue table shows at once (docs/requirements.md §22.1), before the machines' code loads. Adding a machine is one
 * entry here, its id (the machine's own id), a name and a one-line purpose in plain English (the screen shows its
 * translation when src/features/flows/machine-texts.ts has one, this text otherwise) and where the app uses it, and
 * its model in catalogue.ts.
 */
export interface MachineInfo {
  /** the machine's id (createMachine({ id })): live events are matched by it */
  id: string
  name: string
  purpose: string
  /** files and routes that run the machine */
  usedIn: string[]
}

export const MACHINE_INFO: readonly MachineInfo[] = [
  {
    id: 'session',
    name: 'Session',
    purpose: 'Signs the user in and out, restores the session at boot, refreshes the access token once for concurrent 401s and follows other tabs.',
    usedIn: ['src/app/session.tsx', 'src/lib/api-client.ts', 'every route (/login, /, /m/...)'],
  },
  {
    id: 'probe',
    name: 'Endpoint probe',
    purpose: 'Tries candidate API paths in order and keeps the first answering 2xx, 401 or 403.',
    usedIn: ['src/lib/api-client-probe.ts', '/catalog/uoms', '/inventory/search', '/ (dashboard counts)'],
  },
  {
    id: 'scanner',
    name: 'Scanner',
    purpose: 'Turns keyboard-wedge bursts, typed codes and camera reads into scans, keeps their history and looks each one up, waiting for the network when offline.',
    usedIn: ['/inventory/scan', '/m/scan', '/m/lookup', '/m/receive', '/m/move', '/m/count'],
  },
  {
    id: 'wizard',
    name: 'Wizard',
    purpose: 'Walks a linear form step by step: a step goes forward only when valid, each step saves, and Finish books once.',
    usedIn: ['/receiving', '/shipping'],
  },
  {
    id: 'copack',
    name: 'Copack order',
    purpose: 'Follows a co-packing order: loads it, reserves its components (or says what is missing), cancels or completes it, and refreshes what shows it after each action.',
    usedIn: ['/manufacturing/copack-orders', '/manufacturing/copack-orders/$id'],
  },
  {
    id: 'labelPrint',
    name: 'Label printing',
    purpose: 'Prints a location or pallet label: checks the ID and the copies, suggests IDs as you type, picks a printer and sends one job per Print.',
    usedIn: ['/printing', 'src/features/printing/hooks/use-label-print.ts'],
  },
  {
    id: 'outbox',
    name: 'Handheld outbox',
    purpose: 'Sends the handheld\'s stored commands one at a time and in order whenever the network is there, retrying failures after a growing pause and keeping refusals with their reason.',
    usedIn: ['src/features/collector/outbox/outbox-sender.ts', '/m/* (the collector header)'],
  },
  {
    id: 'move',
    name: 'Handheld move',
    purpose: 'Moves a pallet in two scans, or a quantity of a product from a source location, to a scanned destination: says what to scan next, refuses a scan that does not fit the step with its reason, and writes the move to the outbox on Confirm.',
    usedIn: ['/m/move'],
  },
  {
    id: 'putaway',
    name: 'Handheld put away',
    purpose: 'Puts a received pallet away: scan the pallet of a putaway task, see the suggested destination, scan the destination; a location not valid for the pallet is refused on the spot with the reason, and a valid one writes the putaway to the outbox and finishes the task, no tap.',
    usedIn: ['/m/putaway', '/m/tasks'],
  },
  {
    id: 'replenish',
    name: 'Handheld replenishment',
    purpose: "Brings a refill from reserve to its pick face: scan the reserve location, the product or pallet of the planned line (another lot only when the refill names its line), the quantity (never above what the task asks) and the face; another location is refused naming the expected one, and the face's scan writes the refill to the outbox.",
    usedIn: ['/m/replenish', "/m/home ('Próxima tarefa')"],
  },
  {
    id: 'receive',
    name: 'Handheld receive',
    purpose: 'Receives a PO or ASN by scanning: picks the document, takes each product with its lot, expiry and quantity (a quantity over the expected needs a confirmation), closes pallets with their SSCC label, and books the receipt through the outbox on Finish.',
    usedIn: ['/m/receive'],
  },
  {
    id: 'count',
    name: 'Handheld count',
    purpose: "Counts the operator's count tasks location by location: the location's scan, then every product, lot and pallet found with its quantity (blind), or 'Local vazio'; refuses a scan that does not fit the step with its reason, and writes the count to the outbox on Confirm.",
    usedIn: ['/m/count'],
  },
  {
    id: 'ship',
    name: 'Handheld pick and ship',
    purpose: "Picks an order in pick-path order by scanning each location, the FEFO lot (another lot with a reason, never an expired one) and the quantity, takes a short pick's reason for a supervisor, then confirms loading with the carrier; each pick and the loading go to the outbox.",
    usedIn: ['/m/ship'],
  },
  {
    id: 'clusterPick',
    name: 'Handheld cluster picking',
    purpose: "Picks a batch of orders onto a cart: scans the cart's label, then stop by stop in path order the location, the reserved lot (another lot with a reason, never an expired one), the quantity (never more than reserved; less with a reason) and the tote of the stop's order, refusing any other tote; each stop goes to the outbox, and 'Expedir' ships the orders picked.",
    usedIn: ['/m/pick'],
  },
  {
    id: 'wavePlan',
    name: 'Wave planning',
    purpose: "Plans waves from the supervisor's rules: asks the server for proposals, lets orders be taken out or proposals dropped, then creates each kept proposal as a wave, one at a time, keeping those created if one is refused.",
    usedIn: ['/shipping/waves/plan'],
  },
  {
    id: 'nextTask',
    name: 'Handheld next task',
    purpose: "Asks the server for the operator's next task on 'Próxima tarefa' (it is assigned to them as it is given), shows it with its batch's stops and the walk, says so when there is none, no network or a refusal, and opens the screen that does the task's work on 'Começar'.",
    usedIn: ['/m/home'],
  },
  {
    id: 'waveRelease',
    name: 'Wave release',
    purpose: "Releases a wave from its page: the supervisor chooses what becomes of an order that cannot be fully reserved and the cart's totes, the release is sent once per dialog opening (a retry sends the same command), and the answer shows the batches, the shortages and the held orders.",
    usedIn: ['/shipping/waves/$id'],
  },
]
