// Entry of the releaseBundles area's screens: a lazily loaded chunk, mounted by ui/routes.tsx
// on the distribution routes (/distribution/:activeTab?, the teaser, and old bundle paths).
import { useEffect, useState } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import * as Tabs from '@radix-ui/react-tabs'
import { useDispatch, useQuery } from '../shared/appContext'
import {
  CHECKSUM_MESSAGE,
  DISTRIBUTION_TEASER_PATH,
  checksumFromSearch,
  distributionRedirect,
} from '../../domain/releaseBundles/rules'
import type { DistributionTab } from '../../domain/releaseBundles/types'
import styles from './releaseBundles.module.css'

export default function ReleaseBundlesArea() {
  const [location, navigate] = useLocation()
  const search = useSearch()
  const defaultTab = useQuery({ type: 'releaseBundles/DefaultTab' })
  const path = location.replace(/^\/ui(?=\/|$)/, '') || '/'
  const redirect = distributionRedirect(path, defaultTab)
  // `/distribution/{tab}` once redirected, not `/distribution-teaser`.
  const activeTab = /^\/distribution\/(source|target)(?=[/?#]|$)/.exec(path)?.[1]
  useEffect(() => {
    // The query goes along: a Release Bundles search arrives as `/distribution?q=<checksum>`.
    if (redirect) navigate(search === '' ? redirect : `${redirect}?${search}`, { replace: true })
  }, [redirect, search, navigate])

  if (path.startsWith(DISTRIBUTION_TEASER_PATH)) return <Teaser />
  if (redirect || !activeTab) return <p role="status">Loading…</p>
  const tab: DistributionTab = activeTab === 'source' ? 'source' : 'target'
  return (
    <div className={styles.page}>
      <h1>Release Bundles</h1>
      <Tabs.Root
        className={styles.tabs}
        value={tab}
        onValueChange={(value) => navigate(`/distribution/${value}`)}
      >
        <Tabs.List aria-label="Distribution">
          <Tabs.Trigger value="source">Source</Tabs.Trigger>
          <Tabs.Trigger value="target">Target</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="source">
          <p>Release bundles created on this platform, ready to distribute.</p>
          <ChecksumLookup />
        </Tabs.Content>
        <Tabs.Content value="target">
          <p>Release bundles received from distribution.</p>
          <ChecksumLookup />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  )
}

function Teaser() {
  return (
    <div className={styles.page}>
      <h1>Distribute your releases with Release Bundles</h1>
      <p>
        Group the artifacts of a release into an immutable, signed release bundle and distribute it to edge
        nodes and other platforms, with full traceability of what went where.
      </p>
      <ul>
        <li>Immutable, signed bundles of every artifact of a release</li>
        <li>Distribution to edge nodes close to where software runs</li>
        <li>Find the bundles that contain an artifact, by its checksum</li>
      </ul>
      <p>
        <Link href="/distribution">Open release bundles</Link>
      </p>
    </div>
  )
}

export function ChecksumLookup() {
  const dispatch = useDispatch()
  const lookup = useQuery({ type: 'releaseBundles/Lookup' })
  const fromSearch = checksumFromSearch(useSearch())
  const [text, setText] = useState(lookup.checksum || fromSearch)
  const submit = (value: string) => {
    if (value.trim() !== '') dispatch({ type: 'releaseBundles/LookUpChecksum', checksum: value })
  }
  // A new checksum in the URL replaces the text (adjusted while rendering, not in an effect).
  const [shown, setShown] = useState(fromSearch)
  if (shown !== fromSearch) {
    setShown(fromSearch)
    if (fromSearch !== '') setText(fromSearch)
  }
  // A search (or a shared link) that names a checksum runs the lookup once per checksum.
  useEffect(() => {
    if (fromSearch === '' || fromSearch === lookup.checksum) return
    dispatch({ type: 'releaseBundles/LookUpChecksum', checksum: fromSearch })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new checksum in the URL re-runs it
  }, [fromSearch, dispatch])
  return (
    <section aria-label="Find release bundles by checksum">
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault()
          submit(text)
        }}
      >
        <label>
          Artifact checksum (SHA-256 or SHA-1)
          <br />
          <input
            value={text}
            onChange={(e) => setText(e.target.value)}
            onPaste={(e) => {
              const pasted = e.clipboardData.getData('text')
              if (pasted.trim() !== '') {
                e.preventDefault()
                setText(pasted.trim())
                submit(pasted)
              }
            }}
            aria-invalid={lookup.status === 'invalid'}
            aria-describedby={lookup.status === 'invalid' ? 'checksum-error' : undefined}
            spellCheck={false}
            autoComplete="off"
          />
        </label>
        <button type="submit" disabled={text.trim() === ''}>
          Find bundles
        </button>
      </form>
      {lookup.status === 'invalid' && (
        <p id="checksum-error" role="alert" className={styles.error}>
          {CHECKSUM_MESSAGE}
        </p>
      )}
      {lookup.status === 'loading' && <p role="status">Looking for release bundles…</p>}
      {lookup.status === 'failed' && (
        <div role="alert" className={styles.error}>
          <p>Release bundles could not be looked up: {lookup.failure?.message}</p>
          <button type="button" onClick={() => submit(lookup.checksum)}>
            Retry
          </button>
        </div>
      )}
      {lookup.status === 'loaded' &&
        (lookup.bundles.length === 0 ? (
          <p>No release bundle contains this artifact.</p>
        ) : (
          <table className={styles.table} aria-label="Release bundles">
            <thead>
              <tr>
                <th>Name</th>
                <th>Version</th>
                <th>Status</th>
                <th>Repository</th>
                <th>Artifacts</th>
                <th>Created</th>
              </tr>
            </thead>
            <tbody>
              {lookup.bundles.map((b) => (
                <tr key={`${b.name}@${b.version}`}>
                  <td>{b.name}</td>
                  <td>{b.version}</td>
                  <td>{b.status}</td>
                  <td>{b.repository}</td>
                  <td>{b.artifacts}</td>
                  <td>{b.created.slice(0, 10)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
    </section>
  )
}
