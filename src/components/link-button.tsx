import type { ComponentPropsWithRef } from 'react'
import { Button, type ButtonProps } from '@mantine/core'
import { createLink } from '@tanstack/react-router'

function ButtonAnchor(props: ButtonProps & Omit<ComponentPropsWithRef<'a'>, keyof ButtonProps>) {
  return <Button component="a" {...props} />
}

/** Mantine's Button as a router link: typed `to`, preloading and client-side navigation. */
export const LinkButton = createLink(ButtonAnchor)
