import { createFileRoute } from '@tanstack/react-router'
import { Group } from '@mantine/core'
import { Trans } from '@lingui/react/macro'
import { LinkAnchor } from '../../components/link-anchor'
import { useQuery } from '@tanstack/react-query'
import { waveDocumentQueryOptions } from '../../features/shipping/api/get-order-document'
import { DocumentPage } from '../../features/shipping/components/document-pages'
import { WaveForm } from '../../features/shipping/components/wave-form'

type WaveSearch = { release?: true }

export const Route = createFileRoute('/_app/shipping_/waves/$id')({
  // ?release=true opens the release dialog (the planning screen's "Liberar" after "Criar ondas", SPEC 19.2)
  validateSearch: (search: Record<string, unknown>): WaveSearch => (search.release === true || search.release === 'true' ? { release: true } : {}),
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(waveDocumentQueryOptions(Number(params.id))).then(
      () => undefined,
      () => undefined,
    ),
  component: WavePage,
})

function WavePage() {
  const { id } = Route.useParams()
  const navigate = Route.useNavigate()
  const { release } = Route.useSearch()
  const result = useQuery(waveDocumentQueryOptions(Number(id)))
  return (
    <DocumentPage result={result} title={(wave) => <Trans>Onda {wave.code}</Trans>}>
      {(wave) => (
        <>
          {wave.status === 'released' ? (
            // SPEC 19.6: how far its picking is, per batch
            <Group justify="flex-end" mb="sm">
              <LinkAnchor to="/shipping/picking" size="sm">
                <Trans>Ver a separação em andamento</Trans>
              </LinkAnchor>
            </Group>
          ) : null}
          <WaveForm
            key={id}
            wave={wave}
            onSaved={() => undefined}
            onClose={() => void navigate({ to: '/shipping/waves' })}
            openRelease={release === true}
            // the dialog opens once: a reload or Back does not open it again
            onReleaseOpened={() => void navigate({ search: {}, replace: true })}
          />
        </>
      )}
    </DocumentPage>
  )
}
