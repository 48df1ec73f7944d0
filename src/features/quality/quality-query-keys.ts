/** Query keys of the quality feature: one factory, so loaders and components share them. */
export const qualityKeys = {
  all: ['quality'] as const,
  issueTypes: () => [...qualityKeys.all, 'issue-types'] as const,
  supplierIssues: (supplierId: number) => [...qualityKeys.all, 'supplier-issues', supplierId] as const,
}
