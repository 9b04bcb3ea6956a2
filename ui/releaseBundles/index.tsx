// Entry of the releaseBundles area's screens: a lazily loaded chunk, mounted by ui/routes.tsx
// on the distribution routes (/distribution/:activeTab?, the teaser, and old bundle paths).
import { useEffect, useState } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { useDispatch, useQuery } from '../shared/appContext'
import { DISTRIBUTION_TEASER_PATH, checksumFromSearch } from '../../domain/releaseBundles/rules'
import type { DistributionTab } from '../../domain/releaseBundles/types'
import type { ReleaseBundle } from '../../domain/releaseBundles/types'
import { Network, PackageX, Rocket, Search, ShieldCheck } from 'lucide-react'
import { Button, buttonClass } from '../shared/kit/Button'
import { LoadFailure } from '../shared/kit/LoadFailure'
import { Field, inputClass } from '../shared/kit/Field'
import { Badge, EmptyState, Hero, PAGE_TITLE_ID, Skeleton } from '../shared/kit/Surface'
import { RelativeTime } from '../shared/kit/RelativeTime'
import { Table, type Column } from '../shared/kit/Table'
import { Tabs } from '../shared/kit/Tabs'
import { messageText } from '../shared/messages'
import kit from '../shared/kit/page.module.css'
import surface from '../shared/kit/surface.module.css'
import styles from './releaseBundles.module.css'

const bundleKey = (b: ReleaseBundle) => `${b.name}@${b.version}`
const BUNDLE_COLUMNS: ReadonlyArray<Column<ReleaseBundle>> = [
  { id: 'name', header: 'Name', cell: (b) => b.name },
  { id: 'version', header: 'Version', cell: (b) => <span className={styles.mono}>{b.version}</span> },
  {
    id: 'status',
    header: 'Status',
    // The platform's word is upper case ('SIGNED'): a badge reads "Signed".
    cell: (b) => <Badge tone="accent">{b.status.charAt(0) + b.status.slice(1).toLowerCase()}</Badge>,
  },
  { id: 'repository', header: 'Repository', cell: (b) => b.repository },
  { id: 'artifacts', header: 'Artifacts', align: 'end', cell: (b) => b.artifacts },
  { id: 'created', header: 'Created', cell: (b) => <RelativeTime iso={b.created} /> },
]

export default function ReleaseBundlesArea() {
  const [location, navigate] = useLocation()
  const path = location.replace(/^\/ui(?=\/|$)/, '') || '/'
  // `/distribution/{tab}`: the navigation pipeline sends every other distribution path there.
  const activeTab = /^\/distribution\/(source|target)(?=[/?#]|$)/.exec(path)?.[1]

  if (path.startsWith(DISTRIBUTION_TEASER_PATH)) return <Teaser />
  if (!activeTab)
    return (
      <div role="status" className={kit.page}>
        <span className={kit.srOnly}>Loading…</span>
        <Skeleton width="14rem" height="1.75rem" />
        <Skeleton width="12rem" height="2rem" />
        <Skeleton height="6rem" radius="var(--radius-lg)" />
      </div>
    )
  const tab: DistributionTab = activeTab === 'source' ? 'source' : 'target'
  return (
    <div className={kit.page}>
      <h1 className={surface.pageTitle}>Distribution</h1>
      <Tabs<DistributionTab>
        label="Distribution"
        value={tab}
        onValueChange={(value) => navigate(`/distribution/${value}`)}
        tabs={[
          {
            value: 'source',
            label: 'Source',
            content: (
              <div className={styles.panel}>
                <p className={styles.muted}>Release bundles created on this platform, ready to distribute.</p>
                <ChecksumLookup />
              </div>
            ),
          },
          {
            value: 'target',
            label: 'Target',
            content: (
              <div className={styles.panel}>
                <p className={styles.muted}>Release bundles received from distribution.</p>
                <ChecksumLookup />
              </div>
            ),
          },
        ]}
      />
    </div>
  )
}

function Teaser() {
  return (
    <div className={kit.page}>
      <Hero
        icon={<Rocket size={28} />}
        // Titled with the product, as the other teasers are ('Topology'); the page had no title.
        title="Distribution"
        titleId={PAGE_TITLE_ID}
        lead="Distribute your releases with release bundles: group the artifacts of a release into an immutable, signed bundle and send it to edge nodes and other platforms, with full traceability of what went where."
      >
        <ul className={styles.features}>
          <li>
            <ShieldCheck size={18} aria-hidden />
            Immutable, signed bundles of every artifact of a release
          </li>
          <li>
            <Network size={18} aria-hidden />
            Distribution to edge nodes close to where software runs
          </li>
          <li>
            <Search size={18} aria-hidden />
            Find the bundles that contain an artifact, by its checksum
          </li>
        </ul>
        <Link href="/distribution" className={buttonClass('primary')}>
          Open release bundles
        </Link>
      </Hero>
    </div>
  )
}

export function ChecksumLookup() {
  const dispatch = useDispatch()
  const lookup = useQuery({ type: 'releaseBundles/Lookup' })
  const asked = lookup.status === 'idle' ? '' : lookup.checksum
  const fromSearch = checksumFromSearch(useSearch())
  const [text, setText] = useState(asked || fromSearch)
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
    if (fromSearch === '' || fromSearch === asked) return
    dispatch({ type: 'releaseBundles/LookUpChecksum', checksum: fromSearch })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new checksum in the URL re-runs it
  }, [fromSearch, dispatch])
  // The problem is the checksum's that was looked up: once the text changes it no longer applies.
  const stale = lookup.status === 'invalid' && text.trim() === lookup.checksum.trim()
  return (
    <section aria-label="Find release bundles by checksum" className={styles.lookup}>
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault()
          submit(text)
        }}
      >
        <Field label="Artifact checksum (SHA-256 or SHA-1)" className={styles.checksumField}>
          <input
            className={`${inputClass} ${styles.checksum}`}
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
            aria-invalid={stale}
            aria-describedby={stale ? 'checksum-error' : undefined}
            spellCheck={false}
            autoComplete="off"
          />
        </Field>
        <Button
          type="submit"
          variant="primary"
          icon={<Search size={16} aria-hidden />}
          disabled={text.trim() === ''}
        >
          Find bundles
        </Button>
      </form>
      {lookup.status === 'idle' && (
        <EmptyState
          boxed
          icon={<Search size={28} />}
          title="Find the release bundles that hold an artifact"
          hint="Paste or type the artifact's SHA-256 or SHA-1 checksum above, then Find bundles."
        />
      )}
      {stale && (
        <p id="checksum-error" role="alert" className={styles.error}>
          {messageText({ key: 'invalidChecksum' })}
        </p>
      )}
      {lookup.status === 'loading' && (
        <div role="status" className={kit.skeleton}>
          <span className={kit.srOnly}>Looking for release bundles…</span>
          <Skeleton height="2.25rem" />
          <Skeleton height="1.75rem" />
          <Skeleton height="1.75rem" width="80%" />
        </div>
      )}
      {lookup.status === 'failed' && (
        <LoadFailure
          message={`Release bundles could not be looked up: ${lookup.failure.message}`}
          onRetry={() => submit(lookup.checksum)}
        />
      )}
      {lookup.status === 'loaded' &&
        (lookup.data.length === 0 ? (
          <EmptyState
            boxed
            icon={<PackageX size={28} />}
            title="No release bundle contains this artifact"
            hint="Check the checksum, or look up another artifact."
          />
        ) : (
          <Table
            label="Release bundles"
            columns={BUNDLE_COLUMNS}
            state={{ status: 'loaded', rows: lookup.data }}
            rowKey={bundleKey}
            empty={null}
          />
        ))}
    </section>
  )
}
