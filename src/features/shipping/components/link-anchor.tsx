import type { ComponentPropsWithRef } from 'react'
import { Anchor, type AnchorProps } from '@mantine/core'
import { createLink } from '@tanstack/react-router'

function AnchorLink(props: AnchorProps & Omit<ComponentPropsWithRef<'a'>, keyof AnchorProps>) {
  return <Anchor {...props} />
}

/** Mantine's Anchor as a router link (typed `to` and `params`): a list's code opens its document. */
export const LinkAnchor = createLink(AnchorLink)
