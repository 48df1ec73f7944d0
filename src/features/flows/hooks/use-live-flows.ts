/**
 * Listens to the app's actors in other tabs (src/lib/flows-inspector.ts): the last 200 events,
 * newest first, and the latest report of each actor.
 */
import { useEffect, useState } from 'react'
import { maskSecrets } from '../../../../machines/flows/mask-secrets'
import { FLOWS_CHANNEL, isFlowsMessage } from '../../../lib/flows-inspector'
import type { FlowsMessage } from '../../../lib/flows-inspector'

export const LIVE_LOG_SIZE = 200

export interface LiveFlows {
  /** newest first, at most 200 */
  events: FlowsMessage[]
  listening: boolean
}

export function useLiveFlows(): LiveFlows {
  const [events, setEvents] = useState<FlowsMessage[]>([])
  const [listening, setListening] = useState(false)
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return
    const channel = new BroadcastChannel(FLOWS_CHANNEL)
    setListening(true)
    channel.onmessage = (message: MessageEvent<unknown>) => {
      if (!isFlowsMessage(message.data)) return
      // masked again here: a sender of another version must not show a secret either
      const received: FlowsMessage = { ...message.data, event: maskSecrets(message.data.event) }
      setEvents((previous) => [received, ...previous].slice(0, LIVE_LOG_SIZE))
    }
    return () => {
      channel.close()
      setListening(false)
    }
  }, [])
  return { events, listening }
}

/** The latest message of each actor of a machine, newest actor first. */
export function latestByActor(events: FlowsMessage[], machineId: string): FlowsMessage[] {
  const seen = new Set<string>()
  const latest: FlowsMessage[] = []
  for (const event of events) {
    if (event.machineId !== machineId || seen.has(event.sessionId)) continue
    seen.add(event.sessionId)
    latest.push(event)
  }
  return latest
}
