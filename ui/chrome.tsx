/**
 * The main layout as the console composes it: with the search area's bar in its top bar, and
 * the panels and dialogs the areas lend it (ui/routes.tsx makes them from the manifests). The
 * layout's chunk starts here (vite.config.ts, the MainLayout group), so the search bar loads with
 * the layout, as every signed-in page shows it.
 */
import type { ReactNode } from 'react'
import type { AppState } from '../domain/app'
import MainLayout from './layout/MainLayout'
import { SearchBar } from './search/SearchBar'
import type { ShownPart } from './shared/parts'

export interface ChromeProps {
  readonly children: ReactNode
  readonly parts: ReadonlyArray<ShownPart<AppState>>
}

export default function Chrome({ children, parts }: ChromeProps) {
  return (
    <MainLayout search={<SearchBar />} parts={parts}>
      {children}
    </MainLayout>
  )
}
