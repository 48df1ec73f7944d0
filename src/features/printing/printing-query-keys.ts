import type { LabelKind } from '../../../machines/label-print/label-print.machine'
import type { ListParams } from '../../lib/list-query'

/** Query keys of the printing feature: one factory, so loaders and components share them. */
export const printingKeys = {
  all: ['printing'] as const,
  printers: () => [...printingKeys.all, 'printers'] as const,
  /** a page of /printing/printers' table; under printers(), so a change refreshes both */
  printerList: (params: ListParams) => [...printingKeys.printers(), 'list', params] as const,
  /** the networks printers may be on (admins set them) */
  settings: () => [...printingKeys.all, 'settings'] as const,
  jobs: () => [...printingKeys.all, 'jobs'] as const,
  /** a page of the recent jobs; under jobs(), so a new print refreshes it */
  jobList: (params: ListParams) => [...printingKeys.jobs(), 'list', params] as const,
  /** what an ID on the label form names (docs/requirements.md §5) */
  target: (kind: LabelKind, id: string) => [...printingKeys.all, 'target', kind, id] as const,
  suggestions: (kind: LabelKind, query: string) => [...printingKeys.all, 'suggestions', kind, query] as const,
  /** every label preview: a printer's new size or resolution changes them */
  previews: () => [...printingKeys.all, 'preview'] as const,
  preview: (kind: LabelKind, id: string, printerId: number | null) => [...printingKeys.previews(), kind, id, printerId] as const,
}
