/**
 * Lays a machine graph out with elkjs (ADR 0007): layered, top to bottom, nested and parallel states
 * as compound nodes. Used by the /flows screen and by `npm run flows` alike, so the screen and the
 * SVG files are the same drawing. Targetless transitions, invoked actors and entry/exit actions
 * are rows inside their state; transitions with targets are edges.
 */
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api'
import type { GraphState, GraphTransition, MachineGraph, StateKind } from '../../../../machines/flows/machine-graph'

export interface LaidOutState {
  id: string
  label: string
  kind: StateKind
  root: boolean
  initial: boolean
  /** a region of a parallel state */
  region: boolean
  x: number
  y: number
  width: number
  height: number
  rows: LaidOutRow[]
  /** compound and parallel states draw their children inside */
  container: boolean
}

export interface LaidOutRow {
  text: string
  /** the transition a row stands for (targetless transitions), for the highlight */
  transition?: string
}

export interface LaidOutEdge {
  id: string
  transition: string
  source: string
  target: string
  points: Array<{ x: number; y: number }>
  label: { text: string; x: number; y: number; width: number; height: number } | null
  /** the whole text (event, guard, actions), for a tooltip */
  title: string
}

export interface GraphLayout {
  machineId: string
  width: number
  height: number
  states: LaidOutState[]
  edges: LaidOutEdge[]
}

/** Layout metrics shared with the SVG renderer. */
export const METRICS = {
  charWidth: 8,
  smallCharWidth: 6.8,
  titleHeight: 26,
  rowHeight: 16,
  padding: 10,
  edgeLabelHeight: 16,
  maxEdgeLabel: 44,
  maxRow: 48,
} as const

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

/** The event, its guard in brackets and its actions after a slash: 'NEXT [currentValid] / forward'. */
export function transitionText(t: GraphTransition, withActions = true): string {
  const guard = t.guard ? ` [${t.guard}]` : ''
  const actions = withActions && t.actions.length > 0 ? ` / ${t.actions.join(', ')}` : ''
  return `${t.label}${guard}${actions}`
}

function rowsOf(state: GraphState, internal: GraphTransition[]): LaidOutRow[] {
  return [
    ...state.entry.map((a) => ({ text: `entry / ${a}` })),
    ...state.invoke.map((i) => ({ text: i.id === i.src ? `invoke ${i.src}` : `invoke ${i.src} (${i.id})` })),
    ...internal.map((t) => ({ text: transitionText(t), transition: t.id })),
    ...state.exit.map((a) => ({ text: `exit / ${a}` })),
  ].map((row) => ({ ...row, text: truncate(row.text, METRICS.maxRow) }))
}

function headerHeight(rows: number): number {
  return METRICS.titleHeight + rows * METRICS.rowHeight + (rows > 0 ? 4 : 0)
}

type ElkLike = { layout(graph: ElkNode): Promise<ElkNode> }

let elkInstance: Promise<ElkLike> | undefined

/** elkjs is about 1.6 MB: it loads on first use (the flows route only). */
function loadElk(): Promise<ElkLike> {
  elkInstance ??= import('elkjs/lib/elk.bundled.js').then((module) => {
    const ELK = (module as unknown as { default: new () => ElkLike }).default
    return new ELK()
  })
  return elkInstance
}

export async function layoutMachineGraph(graph: MachineGraph, elk?: ElkLike): Promise<GraphLayout> {
  const engine = elk ?? (await loadElk())
  const all = [graph.root, ...graph.states]
  const byParent = new Map<string | null, GraphState[]>()
  for (const state of all) byParent.set(state.parent, [...(byParent.get(state.parent) ?? []), state])
  const internalOf = new Map<string, GraphTransition[]>()
  for (const t of graph.transitions) if (t.internal) internalOf.set(t.source, [...(internalOf.get(t.source) ?? []), t])
  const byId = new Map(all.map((s) => [s.id, s]))
  const rowsById = new Map(all.map((s) => [s.id, rowsOf(s, internalOf.get(s.id) ?? [])]))
  // A transition of the machine itself (RESET from any state) cannot be an edge: ELK lays the root out as the
  // graph, not as a node, and refuses an edge from it. It is a row of the root instead, saying where it goes.
  const fromRoot = graph.transitions.filter((t) => !t.internal && t.source === graph.root.id && t.targets.length > 0)
  if (fromRoot.length) {
    const keyOf = (id: string) => byId.get(id)?.key ?? id
    const extra = fromRoot.map((t) => ({ text: truncate(`${transitionText(t)} → ${t.targets.map(keyOf).join(', ')}`, METRICS.maxRow), transition: t.id }))
    rowsById.set(graph.root.id, [...(rowsById.get(graph.root.id) ?? []), ...extra])
  }

  const labelOf = (s: GraphState) => (s.parent === null ? graph.id : s.key)
  const toNode = (state: GraphState): ElkNode => {
    const kids = byParent.get(state.id) ?? []
    const rows = rowsById.get(state.id) ?? []
    const textWidth = Math.max(labelOf(state).length * METRICS.charWidth + 28, ...rows.map((r) => r.text.length * METRICS.smallCharWidth + 2 * METRICS.padding))
    if (kids.length === 0) {
      return { id: state.id, width: Math.max(96, Math.ceil(textWidth)), height: headerHeight(rows.length) + 6 }
    }
    return {
      id: state.id,
      layoutOptions: {
        'elk.padding': `[top=${headerHeight(rows.length) + 8},left=14,bottom=14,right=14]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${Math.ceil(textWidth)}, ${headerHeight(rows.length) + 20})`,
        // regions of a parallel state side by side; sequential children flow down
        ...(state.type === 'parallel' ? { 'elk.direction': 'RIGHT' } : {}),
      },
      children: kids.map(toNode),
    }
  }

  const edges: ElkExtendedEdge[] = []
  const edgeMeta = new Map<string, { transition: GraphTransition; target: string; text: string }>()
  for (const t of graph.transitions) {
    if (t.internal || t.source === graph.root.id) continue
    t.targets.forEach((target, i) => {
      const id = `${t.id} → ${target}${i > 0 ? ` (${i})` : ''}`
      const text = truncate(transitionText(t, false), METRICS.maxEdgeLabel)
      edgeMeta.set(id, { transition: t, target, text })
      edges.push({
        id,
        sources: [t.source],
        targets: [target],
        labels: [{ id: `${id} label`, text, width: Math.ceil(text.length * METRICS.smallCharWidth) + 8, height: METRICS.edgeLabelHeight }],
      })
    })
  }

  const rootNode = toNode(graph.root)
  const laidOut = await engine.layout({
    ...rootNode,
    layoutOptions: {
      ...rootNode.layoutOptions,
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.json.shapeCoords': 'ROOT',
      'elk.json.edgeCoords': 'ROOT',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.edgeLabels.inline': 'false',
      'elk.layered.spacing.nodeNodeBetweenLayers': '46',
      'elk.spacing.nodeNode': '30',
      'elk.spacing.edgeLabel': '4',
      'elk.spacing.edgeEdge': '12',
      'elk.layered.spacing.edgeNodeBetweenLayers': '18',
      'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
    },
    edges,
  })

  const states: LaidOutState[] = []
  const collect = (node: ElkNode) => {
    const state = byId.get(node.id)
    if (state) {
      const parent = state.parent ? byId.get(state.parent) : undefined
      states.push({
        id: state.id,
        label: labelOf(state),
        kind: state.type,
        root: state.parent === null,
        initial: parent?.initial === state.id,
        region: parent?.type === 'parallel',
        x: node.x ?? 0,
        y: node.y ?? 0,
        width: node.width ?? 0,
        height: node.height ?? 0,
        rows: rowsById.get(state.id) ?? [],
        container: (node.children?.length ?? 0) > 0,
      })
    }
    for (const child of node.children ?? []) collect(child)
  }
  collect(laidOut)

  const laidOutEdges: LaidOutEdge[] = []
  const collectEdges = (node: ElkNode) => {
    for (const edge of node.edges ?? []) {
      const meta = edgeMeta.get(edge.id)
      const section = edge.sections?.[0]
      if (!meta || !section) continue
      const label = edge.labels?.[0]
      laidOutEdges.push({
        id: edge.id,
        transition: meta.transition.id,
        source: meta.transition.source,
        target: meta.target,
        points: [section.startPoint, ...(section.bendPoints ?? []), section.endPoint],
        label: label ? { text: meta.text, x: label.x ?? 0, y: label.y ?? 0, width: label.width ?? 0, height: label.height ?? 0 } : null,
        title: transitionText(meta.transition),
      })
    }
    for (const child of node.children ?? []) collectEdges(child)
  }
  collectEdges(laidOut)

  return { machineId: graph.id, width: Math.ceil(laidOut.width ?? 0), height: Math.ceil(laidOut.height ?? 0), states, edges: laidOutEdges }
}
