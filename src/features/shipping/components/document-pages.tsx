import type { ReactNode } from 'react'
import { Button, Group, Loader } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { useLingui } from '@lingui/react/macro'
import type { UseQueryResult } from '@tanstack/react-query'
import { LinkButton } from '../../../components/link-button'
import { PageHeader } from '../../../components/page-header'
import { LoadFailure } from '../../../components/load-failure'
import { RequiresSupervisor, useCanEditDocuments } from './document-permission'

/**
 * A documents list's "new" button (or another supervisor's action, as Planejar): a link for who may create, disabled
 * with the reason for the others (SPEC 12.6).
 */
export function NewDocumentButton({
  to,
  children,
  icon = <IconPlus size={16} aria-hidden />,
  variant,
  reasonId = 'document-new-reason',
}: {
  to: '/shipping/orders/new' | '/shipping/waves/new' | '/shipping/waves/plan'
  children: ReactNode
  icon?: ReactNode
  variant?: 'default' | 'filled'
  reasonId?: string
}) {
  const canEdit = useCanEditDocuments()
  if (canEdit)
    return (
      <LinkButton to={to} leftSection={icon} variant={variant}>
        {children}
      </LinkButton>
    )
  return (
    <Group gap="xs" wrap="nowrap">
      <Button disabled leftSection={icon} variant={variant} aria-describedby={reasonId}>
        {children}
      </Button>
      <RequiresSupervisor id={reasonId} />
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
  if (doc.isPending) return <Loader role="status" aria-label={t`Carregando`} />
  if (doc.isError) return <LoadFailure error={doc.error} onRetry={() => void doc.refetch()} />
  return (
    <>
      <PageHeader title={title(doc.data)} />
      {children(doc.data)}
    </>
  )
}
