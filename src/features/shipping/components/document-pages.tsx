import type { ReactNode } from 'react'
import { Button, Group, Loader } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { useLingui } from '@lingui/react/macro'
import type { UseQueryResult } from '@tanstack/react-query'
import { LinkButton } from '../../../components/link-button'
import { PageHeader } from '../../../components/page-header'
import { LoadFailure } from '../../../components/load-failure'
import { RequiresSupervisor, useCanEditDocuments } from './document-permission'

/** A documents list's "new" button: a link for who may create, disabled with the reason for the others (SPEC 12.6). */
export function NewDocumentButton({ to, children }: { to: '/shipping/orders/new' | '/shipping/waves/new'; children: ReactNode }) {
  const canEdit = useCanEditDocuments()
  if (canEdit)
    return (
      <LinkButton to={to} leftSection={<IconPlus size={16} aria-hidden />}>
        {children}
      </LinkButton>
    )
  return (
    <Group gap="xs" wrap="nowrap">
      <Button disabled leftSection={<IconPlus size={16} aria-hidden />} aria-describedby="document-new-reason">
        {children}
      </Button>
      <RequiresSupervisor id="document-new-reason" />
    </Group>
  )
}

/** A document's page: its header, then the form once the document is read (a failed read says why). */
export function DocumentPage<T extends { code: string }>({
  result: doc,
  title,
  children,
}: {
  result: UseQueryResult<T>
  title: (doc: T) => ReactNode
  children: (doc: T) => ReactNode
}) {
  const { t } = useLingui()
  if (doc.isPending) return <Loader aria-label={t`Carregando`} />
  if (doc.isError) return <LoadFailure error={doc.error} onRetry={() => void doc.refetch()} />
  return (
    <>
      <PageHeader title={title(doc.data)} />
      {children(doc.data)}
    </>
  )
}
