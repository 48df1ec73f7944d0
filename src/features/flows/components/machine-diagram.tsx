import { useEffect, useMemo, useRef, useState } from 'react'
import type { PointerEvent as ReactPointerEvent } from 'react'
import { ActionIcon, Box, Group, Loader, Text, Tooltip } from '@mantine/core'
import { IconArrowsMaximize, IconZoomIn, IconZoomOut } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { MachineGraph } from '../../../../machines/flows/machine-graph'
import { layoutMachineGraph } from '../layout/graph-layout'
import type { GraphLayout } from '../layout/graph-layout'
import { renderGraphSvg } from '../layout/graph-svg'

interface View {
  scale: number
  x: number
  y: number
}

const MIN_SCALE = 0.2
const MAX_SCALE = 3

function clampScale(scale: number): number {
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale))
}

/**
 * The machine drawn from its definition (elkjs layout, SVG from graph-svg.ts), with zoom and pan:
 * the buttons, the mouse wheel and dragging.
 */
export function MachineDiagram({
  graph,
  title,
  activeStates,
  activeTransitions,
  coveredTransitions,
  edgeCounts,
}: {
  graph: MachineGraph
  title: string
  activeStates: readonly string[]
  activeTransitions: readonly string[]
  coveredTransitions?: readonly string[]
  edgeCounts?: ReadonlyMap<string, number>
}) {
  const { t } = useLingui()
  const [layout, setLayout] = useState<{ id: string; layout: GraphLayout } | { id: string; error: string } | null>(null)
  const [view, setView] = useState<View>({ scale: 1, x: 0, y: 0 })
  const frame = useRef<HTMLDivElement>(null)
  const drag = useRef<{ x: number; y: number; pointer: number } | null>(null)

  useEffect(() => {
    let current = true
    layoutMachineGraph(graph).then(
      (result) => {
        if (current) setLayout({ id: graph.id, layout: result })
      },
      (error: unknown) => {
        if (current) setLayout({ id: graph.id, error: error instanceof Error ? error.message : String(error) })
      },
    )
    return () => {
      current = false
    }
  }, [graph])

  const ready = layout && layout.id === graph.id && 'layout' in layout ? layout.layout : null

  // fit the drawing to the frame's width when a machine's layout arrives
  useEffect(() => {
    if (!ready) return
    const width = frame.current?.clientWidth || ready.width
    setView({ scale: clampScale(Math.min(1, (width - 16) / (ready.width + 16))), x: 0, y: 0 })
  }, [ready])

  // the wheel zooms around the pointer (a native listener: React's wheel listener is passive)
  useEffect(() => {
    const element = frame.current
    if (!element) return
    const onWheel = (event: WheelEvent) => {
      event.preventDefault()
      const box = element.getBoundingClientRect()
      const px = event.clientX - box.left
      const py = event.clientY - box.top
      setView((v) => {
        const scale = clampScale(v.scale * (event.deltaY < 0 ? 1.1 : 1 / 1.1))
        const k = scale / v.scale
        return { scale, x: px - (px - v.x) * k, y: py - (py - v.y) * k }
      })
    }
    element.addEventListener('wheel', onWheel, { passive: false })
    return () => element.removeEventListener('wheel', onWheel)
  }, [ready])

  const svg = useMemo(
    () => (ready ? renderGraphSvg(ready, { title, activeStates, activeTransitions, coveredTransitions, edgeCounts }) : ''),
    [ready, title, activeStates, activeTransitions, coveredTransitions, edgeCounts],
  )

  const zoom = (factor: number) => setView((v) => ({ ...v, scale: clampScale(v.scale * factor) }))
  const fit = () => {
    if (!ready) return
    const width = frame.current?.clientWidth || ready.width
    setView({ scale: clampScale(Math.min(1, (width - 16) / (ready.width + 16))), x: 0, y: 0 })
  }

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return
    drag.current = { x: event.clientX - view.x, y: event.clientY - view.y, pointer: event.pointerId }
    event.currentTarget.setPointerCapture?.(event.pointerId)
  }
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const start = drag.current
    if (!start || start.pointer !== event.pointerId) return
    setView((v) => ({ ...v, x: event.clientX - start.x, y: event.clientY - start.y }))
  }
  const onPointerUp = () => {
    drag.current = null
  }

  const height = ready ? Math.min(640, Math.max(260, ready.height * view.scale + 24)) : 260

  return (
    <Box>
      <Group gap="xs" mb="xs" justify="space-between">
        <Text size="sm" c="dimmed">
          <Trans>Arraste para mover; use a roda do mouse ou os botões para ampliar.</Trans>
        </Text>
        <Group gap={4}>
          <Tooltip label={t`Ampliar`}>
            <ActionIcon variant="default" onClick={() => zoom(1.25)} aria-label={t`Ampliar`}>
              <IconZoomIn size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t`Reduzir`}>
            <ActionIcon variant="default" onClick={() => zoom(1 / 1.25)} aria-label={t`Reduzir`}>
              <IconZoomOut size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t`Ajustar à largura`}>
            <ActionIcon variant="default" onClick={fit} aria-label={t`Ajustar à largura`}>
              <IconArrowsMaximize size={18} />
            </ActionIcon>
          </Tooltip>
          <Text size="xs" c="dimmed" w={44} ta="right" aria-live="polite">
            {Math.round(view.scale * 100)}%
          </Text>
        </Group>
      </Group>
      <Box
        ref={frame}
        data-testid="flow-diagram"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        style={{
          position: 'relative',
          overflow: 'hidden',
          height,
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-md)',
          cursor: 'grab',
          touchAction: 'none',
          background: 'var(--mantine-color-body)',
        }}
      >
        {ready ? (
          <div
            style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})`, transformOrigin: '0 0', width: 'max-content' }}
            dangerouslySetInnerHTML={{ __html: svg }}
          />
        ) : layout && 'error' in layout && layout.id === graph.id ? (
          <Text c="red" p="md">
            <Trans>Não foi possível desenhar o diagrama: {layout.error}</Trans>
          </Text>
        ) : (
          <Group p="md" gap="xs">
            <Loader size="sm" />
            <Text size="sm">
              <Trans>Desenhando o diagrama…</Trans>
            </Text>
          </Group>
        )}
      </Box>
    </Box>
  )
}
