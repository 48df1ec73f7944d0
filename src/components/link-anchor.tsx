import type { ComponentPropsWithRef } from 'react'
import { Anchor, type AnchorProps } from '@mantine/core'
import { createLink } from '@tanstack/react-router'

function AnchorElement(props: AnchorProps & Omit<ComponentPropsWithRef<'a'>, keyof AnchorProps>) {
  return <Anchor component="a" {...props} />
}

/** Mantine's Anchor as a router link: a text link (in a table cell) with typed `to` and client-side navigation. */
export const LinkAnchor = createLink(AnchorElement)
