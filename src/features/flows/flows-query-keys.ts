/** Query keys of the flows feature (docs/requirements.md §22.4): one factory, so components share them. */
export const flowsKeys = {
  all: ['flows'] as const,
  stats: (machine: string, from: string, to: string) => [...flowsKeys.all, 'stats', machine, from, to] as const,
  untested: (machine: string) => [...flowsKeys.all, 'untested', machine] as const,
  settings: () => [...flowsKeys.all, 'settings'] as const,
}
