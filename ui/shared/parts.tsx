/**
 * Pieces an area lends to another's screens, so that no ui feature imports another: the lending
 * area names the piece in its manifest (`parts`, ui/areaManifest.ts), the composition
 * (ui/routes.tsx) makes each a lazily loaded component and provides them here, and the showing
 * screen asks for it by name. Each piece loads the first time it is drawn, as the lazy imports
 * it replaces did.
 */
import { createContext, createElement, useContext, type ComponentType, type ReactNode } from 'react'
import type { LazyArea } from './lazyArea'

/** Every piece one area lends another, by name, with its props. */
export interface PartProps {
  /** The access tokens' card on the profile page (the tokens area's). */
  readonly 'profile/tokens': { readonly className?: string }
  /** The personalization dialog on the getting-started page, drawn while it is open. */
  readonly 'gettingStarted/personalization': object
  /** The getting-started page among the shell's pages (get_started, tour_get_started). */
  readonly 'shell/gettingStarted': object
  /** The quick setup page among the shell's pages. */
  readonly 'shell/quickSetup': object
}

export type PartName = keyof PartProps

/** How an area's manifest names the pieces it lends: each a module to load lazily. */
export type PartLoaders = {
  readonly [N in PartName]?: () => Promise<{ readonly default?: ComponentType<PartProps[N]> }>
}

/** The lent pieces as lazily loaded components (made once per app by the composition). */
export type Parts = { readonly [N in PartName]?: LazyArea<PartProps[N]> }

const PartsContext = createContext<Parts>({})

export function PartsProvider({ parts, children }: { parts: Parts; children: ReactNode }) {
  return <PartsContext.Provider value={parts}>{children}</PartsContext.Provider>
}

/** The piece of that name, with its props; nothing where no area lends it. */
export function Part<N extends PartName>({ name, ...props }: { readonly name: N } & PartProps[N]) {
  const lent: ComponentType<PartProps[N]> | undefined = useContext(PartsContext)[name]
  return lent ? createElement(lent, props as PartProps[N]) : null
}

/**
 * A piece an area lends the main layout: drawn beside the page's content (`aside`) or over the
 * page (`overlay`) while `shown` says so, its module loaded the first time.
 */
export interface ChromePart<S> {
  readonly place: 'aside' | 'overlay'
  readonly load: () => Promise<{ readonly default?: ComponentType }>
  /** Whether the piece is open, from the app's state. */
  readonly shown: (state: S) => boolean
}

/** A chrome part as the layout draws it: its component made once per app by the composition. */
export interface ShownPart<S> {
  readonly key: string
  readonly place: 'aside' | 'overlay'
  readonly Component: LazyArea<object>
  readonly shown: (state: S) => boolean
}
