/**
 * Draws a laid-out machine graph as SVG text (ADR 0007): a pure function, so `npm run flows` writes
 * the same drawing the /flows screen shows. States carry data-state-id, transitions
 * data-transition-id; `active` ones (the live state, the last transitions) are highlighted and
 * transitions no generated path takes are dashed.
 */
import { METRICS } from './graph-layout'
import type { GraphLayout, LaidOutEdge, LaidOutState } from './graph-layout'

export interface SvgOptions {
  /** the accessible name of the drawing */
  title: string
  /** state ids to highlight (the live state, ancestors included) */
  activeStates?: readonly string[]
  /** transition ids to highlight (the last ones taken) */
  activeTransitions?: readonly string[]
  /** transition ids the generated paths cover; the others are dashed. Omit to draw all solid. */
  coveredTransitions?: readonly string[]
  /** a prefix for ids inside the SVG (several drawings on one page) */
  idPrefix?: string
  /** how often operators took each transition (docs/requirements.md §22.4): the label says ×n, the stroke grows with it */
  edgeCounts?: ReadonlyMap<string, number>
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')
}

const n = (value: number) => Math.round(value * 10) / 10

// Light colours by default; the app's dark scheme (Mantine's attribute on <html>) swaps them.
const STYLE = `
.mf-root>rect{fill:#f8f9fa;stroke:#adb5bd}
.mf-state>rect{fill:#ffffff;stroke:#495057;stroke-width:1.2}
.mf-state.mf-container>rect{fill:#f1f3f5}
.mf-state.mf-region>rect{stroke-dasharray:6 4}
.mf-state .mf-final{fill:none;stroke:#495057}
.mf-state[data-active="true"]>rect{fill:#fff3bf;stroke:#e67700;stroke-width:2.5}
.mf-label{font:600 13px system-ui,-apple-system,'Segoe UI',sans-serif;fill:#212529}
.mf-row{font:11px ui-monospace,SFMono-Regular,Menlo,monospace;fill:#343a40}
.mf-row[data-active="true"]{fill:#c2410c;font-weight:700}
.mf-initial{fill:#212529}
.mf-edge>path{fill:none;stroke:#495057;stroke-width:1.3}
.mf-edge[data-covered="false"]>path{stroke-dasharray:4 3;stroke:#c92a2a}
.mf-edge[data-active="true"]>path{stroke:#e67700;stroke-width:3}
.mf-edge-label>rect{fill:#ffffff;opacity:.92}
.mf-edge-label>text{font:11px ui-monospace,SFMono-Regular,Menlo,monospace;fill:#343a40}
.mf-edge[data-active="true"] .mf-edge-label>text{fill:#c2410c;font-weight:700}
.mf-arrow{fill:#495057}
.mf-arrow-active{fill:#e67700}
[data-mantine-color-scheme="dark"] .mf-root>rect{fill:#1a1b1e;stroke:#5c5f66}
[data-mantine-color-scheme="dark"] .mf-state>rect{fill:#25262b;stroke:#909296}
[data-mantine-color-scheme="dark"] .mf-state.mf-container>rect{fill:#2c2e33}
[data-mantine-color-scheme="dark"] .mf-state[data-active="true"]>rect{fill:#5c3c00;stroke:#ffa94d}
[data-mantine-color-scheme="dark"] .mf-label,[data-mantine-color-scheme="dark"] .mf-initial{fill:#f1f3f5}
[data-mantine-color-scheme="dark"] .mf-row,[data-mantine-color-scheme="dark"] .mf-edge-label>text{fill:#dee2e6}
[data-mantine-color-scheme="dark"] .mf-row[data-active="true"],[data-mantine-color-scheme="dark"] .mf-edge[data-active="true"] .mf-edge-label>text{fill:#ffc078}
[data-mantine-color-scheme="dark"] .mf-edge>path{stroke:#adb5bd}
[data-mantine-color-scheme="dark"] .mf-edge[data-covered="false"]>path{stroke:#ff8787}
[data-mantine-color-scheme="dark"] .mf-edge-label>rect{fill:#1a1b1e}
[data-mantine-color-scheme="dark"] .mf-arrow{fill:#adb5bd}
`

function stateSvg(state: LaidOutState, active: Set<string>, activeTransitions: Set<string>): string {
  const { x, y, width, height } = state
  const rx = state.kind === 'atomic' || state.kind === 'final' ? 8 : 10
  const classes = ['mf-state', state.container ? 'mf-container' : '', state.region ? 'mf-region' : ''].filter(Boolean).join(' ')
  const labelX = x + METRICS.padding + (state.initial ? 12 : 0)
  const parts = [
    `<g class="${classes}" data-state-id="${escapeXml(state.id)}" data-kind="${state.kind}" data-active="${active.has(state.id)}">`,
    `<title>${escapeXml(`${state.id} (${state.kind})`)}</title>`,
    `<rect x="${n(x)}" y="${n(y)}" width="${n(width)}" height="${n(height)}" rx="${rx}"/>`,
  ]
  if (state.kind === 'final') parts.push(`<rect class="mf-final" x="${n(x + 3)}" y="${n(y + 3)}" width="${n(width - 6)}" height="${n(height - 6)}" rx="${rx - 2}"/>`)
  if (state.initial) parts.push(`<circle class="mf-initial" cx="${n(x + METRICS.padding + 3)}" cy="${n(y + 16)}" r="4"/>`)
  parts.push(`<text class="mf-label" x="${n(labelX)}" y="${n(y + 20)}">${escapeXml(state.label)}${state.kind === 'parallel' ? ' ⫴' : ''}</text>`)
  state.rows.forEach((row, i) => {
    const rowActive = row.transition ? activeTransitions.has(row.transition) : false
    const attrs = row.transition ? ` data-transition-id="${escapeXml(row.transition)}" data-active="${rowActive}"` : ''
    parts.push(`<text class="mf-row"${attrs} x="${n(x + METRICS.padding)}" y="${n(y + METRICS.titleHeight + 10 + i * METRICS.rowHeight)}">${escapeXml(row.text)}</text>`)
  })
  parts.push('</g>')
  return parts.join('')
}

function rootSvg(state: LaidOutState, activeTransitions: Set<string>): string {
  const parts = [
    `<g class="mf-root" data-root-id="${escapeXml(state.id)}">`,
    `<rect x="${n(state.x)}" y="${n(state.y)}" width="${n(state.width)}" height="${n(state.height)}" rx="12"/>`,
    `<text class="mf-label" x="${n(state.x + METRICS.padding)}" y="${n(state.y + 20)}">${escapeXml(state.label)}</text>`,
  ]
  state.rows.forEach((row, i) => {
    const rowActive = row.transition ? activeTransitions.has(row.transition) : false
    const attrs = row.transition ? ` data-transition-id="${escapeXml(row.transition)}" data-active="${rowActive}"` : ''
    parts.push(`<text class="mf-row"${attrs} x="${n(state.x + METRICS.padding)}" y="${n(state.y + METRICS.titleHeight + 10 + i * METRICS.rowHeight)}">${escapeXml(row.text)}</text>`)
  })
  parts.push('</g>')
  return parts.join('')
}

function edgeSvg(edge: LaidOutEdge, prefix: string, activeTransitions: Set<string>, covered: Set<string> | null, counts: { of: ReadonlyMap<string, number>; max: number } | null): string {
  const isActive = activeTransitions.has(edge.transition)
  const d = edge.points.map((p, i) => `${i === 0 ? 'M' : 'L'}${n(p.x)} ${n(p.y)}`).join(' ')
  const coveredAttr = covered ? ` data-covered="${covered.has(edge.transition)}"` : ''
  const taken = counts ? (counts.of.get(edge.transition) ?? 0) : null
  // 1.3 px untaken, up to 7 px for the most taken (log scale: a rare path stays visible beside a common one)
  const width = taken ? ` style="stroke-width:${n(1.3 + (5.7 * Math.log1p(taken)) / Math.log1p(counts!.max))}px"` : ''
  const parts = [
    `<g class="mf-edge" data-transition-id="${escapeXml(edge.transition)}" data-active="${isActive}"${coveredAttr}${taken !== null ? ` data-count="${taken}"` : ''}>`,
    `<title>${escapeXml(edge.title)}${taken !== null ? ` ×${taken}` : ''}</title>`,
    `<path d="${d}" marker-end="url(#${prefix}${isActive ? 'arrow-active' : 'arrow'})"${width}/>`,
  ]
  if (edge.label) {
    const { x, y, height, text } = edge.label
    const label = taken ? `${text} ×${taken}` : text
    // the label's box grows with the count it adds (monospace: about 6.7 px a character)
    const boxWidth = edge.label.width + (label.length - text.length) * 6.7
    parts.push(
      `<g class="mf-edge-label"><rect x="${n(x)}" y="${n(y)}" width="${n(boxWidth)}" height="${n(height)}" rx="3"/>`,
      `<text x="${n(x + 4)}" y="${n(y + height - 4)}">${escapeXml(label)}</text></g>`,
    )
  }
  parts.push('</g>')
  return parts.join('')
}

/** The drawing as a standalone SVG document (also valid inline in HTML). */
export function renderGraphSvg(layout: GraphLayout, options: SvgOptions): string {
  const prefix = `${options.idPrefix ?? 'mf'}-${layout.machineId.replace(/[^\w-]/g, '_')}-`
  const active = new Set(options.activeStates ?? [])
  const activeTransitions = new Set(options.activeTransitions ?? [])
  const covered = options.coveredTransitions ? new Set(options.coveredTransitions) : null
  const counts = options.edgeCounts ? { of: options.edgeCounts, max: Math.max(1, ...options.edgeCounts.values()) } : null
  const margin = 8
  const width = layout.width + 2 * margin
  const height = layout.height + 2 * margin
  const root = layout.states.find((s) => s.root)
  // parents before children, so nested states are drawn on top of their containers
  const states = layout.states.filter((s) => !s.root)
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" class="mf-diagram" data-machine-id="${escapeXml(layout.machineId)}" viewBox="${-margin} ${-margin} ${width} ${height}" width="${width}" height="${height}" role="img" aria-labelledby="${prefix}title">`,
    `<title id="${prefix}title">${escapeXml(options.title)}</title>`,
    `<style>${STYLE}</style>`,
    '<defs>',
    `<marker id="${prefix}arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path class="mf-arrow" d="M0 0L10 5L0 10z"/></marker>`,
    `<marker id="${prefix}arrow-active" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path class="mf-arrow-active" d="M0 0L10 5L0 10z"/></marker>`,
    '</defs>',
    root ? rootSvg(root, activeTransitions) : '',
    ...states.map((s) => stateSvg(s, active, activeTransitions)),
    ...layout.edges.map((e) => edgeSvg(e, prefix, activeTransitions, covered, counts)),
    '</svg>',
  ].join('\n')
}
