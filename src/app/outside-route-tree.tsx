import { useEffect } from 'react'
import { useRouterState } from '@tanstack/react-router'

/**
 * A path the page's route tree does not have: the handheld's tree (src/app/route-trees.ts) reaching a desktop path.
 * The page loads that address again, and starts with the whole tree.
 */
export function OutsideRouteTree() {
  const href = useRouterState({ select: (state) => state.location.href })
  useEffect(() => {
    window.location.replace(href)
  }, [href])
  return null
}
