import type { ComponentPropsWithRef } from 'react'
import { NavLink, type NavLinkProps } from '@mantine/core'
import { createLink } from '@tanstack/react-router'

function NavLinkAnchor(props: NavLinkProps & Omit<ComponentPropsWithRef<'a'>, keyof NavLinkProps>) {
  return <NavLink component="a" {...props} />
}

/** Mantine's NavLink with the router's typed `to`, preloading and client-side navigation. */
export const RouterNavLink = createLink(NavLinkAnchor)
