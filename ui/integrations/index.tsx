// Entry of the integrations area's screens (a lazily loaded chunk, mounted by ui/routes.tsx):
// the catalogue, and (admins, with repository scanning) the git vendor table and select-repos,
// which load as a chunk of their own (GitScreens) when first opened.
import { Suspense, createElement, useMemo } from 'react'
import { useApp, useQuery } from '../shared/appContext'
import { lazyArea } from '../shared/lazyArea'
import { PageSkeleton } from '../shared/kit/Surface'
import { Catalogue } from './Catalogue'
import type { GitScreen } from './GitScreens'

/** The select-repos screen's query: vcsType (the vendor name) and integrationId (the key). */
function repoScanParams(query: string) {
  const params = new URLSearchParams(query)
  return { integrationKey: params.get('integrationId') ?? '', vcsType: params.get('vcsType') ?? '' }
}

export default function IntegrationsArea() {
  const app = useApp()
  const match = useQuery({ type: 'navigation/Route' })
  const { query } = useQuery({ type: 'navigation/Location' })
  const GitScreens = useMemo(
    () =>
      lazyArea<GitScreen>(
        'integrations',
        () => import('./GitScreens'),
        (c) => app.dispatch(c, 'ui'),
      ),
    [app],
  )
  let screen: GitScreen | null = null
  if (match?.route.name === 'integrations.vendor.list')
    screen = { screen: 'vendorList', vendorName: match.params.vendorName ?? '' }
  else if (match?.route.name === 'gitRepoScan.selectRepos')
    screen = { screen: 'selectRepos', ...repoScanParams(query) }
  if (!screen) return <Catalogue />
  return (
    <Suspense fallback={<PageSkeleton label="Loading integrations" />}>
      {createElement(GitScreens, screen)}
    </Suspense>
  )
}
