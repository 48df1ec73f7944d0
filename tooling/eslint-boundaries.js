/**
 * STYLE habit 1, ADR 0009: the import boundaries inside src/, checked on the resolved path of
 * every relative import (static, re-export and dynamic), so `../../x` cannot slip past a pattern.
 *   src/features/<a>/  never imports src/features/<b>/ nor src/app/
 *   src/components/, src/lib/  never import src/features/
 */
import path from 'node:path'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')

/** 'src/features/catalog/api/get-products.ts' -> { layer: 'features', feature: 'catalog' } */
function placeOf(absolute) {
  const relative = path.relative(root, absolute).split(path.sep)
  if (relative[0] !== 'src') return null
  const layer = relative[1]
  return { layer, feature: layer === 'features' ? relative[2] : undefined }
}

/** Why `from` may not import `to`, or null when it may. */
export function boundaryViolation(from, to) {
  if (!from || !to) return null
  if (from.layer === 'features') {
    if (to.layer === 'features' && to.feature !== from.feature) return `feature '${from.feature}' imports feature '${to.feature}': features never import each other; a route composes them`
    if (to.layer === 'app') return `feature '${from.feature}' imports src/app/: features never import the app; shared code goes to src/lib or src/components`
  }
  if ((from.layer === 'components' || from.layer === 'lib') && to.layer === 'features') {
    return `src/${from.layer}/ imports feature '${to.feature}': shared code never imports a feature`
  }
  return null
}

const srcLayers = {
  meta: { type: 'problem', schema: [], docs: { description: 'imports inside src/ flow one way (STYLE habit 1)' } },
  create(context) {
    const filename = context.filename ?? context.getFilename()
    const from = placeOf(filename)
    if (!from) return {}
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return
      const reason = boundaryViolation(from, placeOf(path.resolve(path.dirname(filename), source)))
      if (reason) context.report({ node, message: reason })
    }
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    }
  },
}

export const boundaries = { rules: { 'src-layers': srcLayers } }
