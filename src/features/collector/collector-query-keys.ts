/** Query keys of the collector: one factory, so the screens and their mutations share them. */
export const collectorKeys = {
  all: ['collector'] as const,
  scan: (code: string) => [...collectorKeys.all, 'scan', code] as const,
  myTasks: () => [...collectorKeys.all, 'my-tasks'] as const,
}
