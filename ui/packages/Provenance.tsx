/**
 * Where a version comes from, on its page: a fact in the side panel, and in place of the
 * install command when the command would fail (its remote has not cached it and cannot fetch
 * it now, or the upstream has no such version), what stands in the way, with the Retry that
 * asks an unreachable upstream again.
 */
import type { ReactNode } from 'react'
import { RefreshCw, TriangleAlert } from 'lucide-react'
import type { Availability } from '../../domain/packages/rules'
import type { Provenance } from '../../domain/packages/types'
import { Button } from '../shared/kit/Button'
import { RelativeTime } from '../shared/kit/RelativeTime'
import surface from '../shared/kit/surface.module.css'
import styles from './details.module.css'

/** A repository's key whole on its line: 'npm-remote' broke at its hyphen in the narrow panel. */
const RepositoryKey = ({ repoKey }: { readonly repoKey: string }) => (
  <span className={styles.nowrap}>{repoKey}</span>
)

const LEAD: Readonly<Record<Provenance['kind'], string>> = {
  local: 'Local, in',
  cached: 'Cached from',
  notCached: 'Not cached in',
}

/** Where a version comes from in a few words: the package page's Source fact and column. */
export const sourceWords = (provenance: Provenance): string =>
  `${LEAD[provenance.kind]} ${provenance.repository}`

/** Those words drawn, the repository's key whole on its line as in the version's fact. */
export const SourceWords = ({ provenance }: { readonly provenance: Provenance }) => (
  <>
    {LEAD[provenance.kind]} <RepositoryKey repoKey={provenance.repository} />
  </>
)

/** The side panel's Source fact. */
export function ProvenanceFact({ provenance }: { readonly provenance: Provenance }) {
  switch (provenance.kind) {
    case 'local':
      return <SourceWords provenance={provenance} />
    case 'cached':
      return (
        <>
          <SourceWords provenance={provenance} />
          <span className={styles.meta}>
            {' '}
            ({provenance.upstream}), <RelativeTime iso={provenance.cachedAt} />
          </span>
        </>
      )
    case 'notCached':
      return (
        <>
          <SourceWords provenance={provenance} />
          <span className={styles.meta}> ({provenance.upstream})</span>
        </>
      )
  }
}

/** The sources of a package's versions shown, each once, newest version's first. */
export function SourcesFact({ versions }: { readonly versions: ReadonlyArray<{ provenance?: Provenance }> }) {
  const sources = new Map<string, Provenance>()
  for (const { provenance } of versions)
    if (provenance && !sources.has(sourceWords(provenance))) sources.set(sourceWords(provenance), provenance)
  return (
    <>
      {[...sources].map(([words, provenance]) => (
        <div key={words}>
          <SourceWords provenance={provenance} />
        </div>
      ))}
    </>
  )
}

/**
 * Below the install command, or instead of it when it cannot work now. `version`: the version
 * the command names, on a page that is not that version's own (the package's).
 */
export function UpstreamNotice({
  provenance,
  availability,
  check,
  onRetry,
  version,
}: {
  readonly provenance: Extract<Provenance, { kind: 'notCached' }>
  readonly availability: Exclude<Availability, 'stored'>
  readonly check: 'checking' | 'failed' | undefined
  readonly onRetry: () => void
  readonly version?: string
}) {
  const which = version === undefined ? 'this version' : `version ${version}`
  if (availability === 'fetchable')
    return (
      <p className={styles.meta} aria-live="polite">
        {provenance.inUpstream === undefined && check === 'checking'
          ? `Not cached yet: asking ${provenance.upstream} whether it has ${which}…`
          : `Not cached yet: ${provenance.repository} fetches it from ${provenance.upstream} on the first install.`}
      </p>
    )
  const message: ReactNode =
    availability === 'offline' ? (
      <>
        Not cached, and {provenance.repository} is offline: it serves only what it has cached, so{' '}
        {`${which} cannot be installed now.`}
      </>
    ) : availability === 'notUpstream' ? (
      <>
        Not cached, and {provenance.upstream} does not have {which}: {provenance.repository} cannot fetch it,
        so it cannot be installed.
      </>
    ) : (
      <>
        Not cached, and the upstream is unreachable: {provenance.repository} could not reach{' '}
        {provenance.upstream}
        {provenance.lastFailureAt && (
          <>
            {' '}
            (<RelativeTime iso={provenance.lastFailureAt} />)
          </>
        )}
        , so {which} cannot be installed now.
        {provenance.lastFailure && <span className={styles.meta}> {provenance.lastFailure}</span>}
      </>
    )
  return (
    // Offline is an admin's setting and a version the upstream lacks its answer, not failures: a
    // warning's colours; an unreachable upstream is one.
    <div
      role="alert"
      aria-label="Not installable"
      className={surface.failure}
      data-tone={availability === 'unreachable' ? 'danger' : 'warning'}
    >
      <TriangleAlert size={20} aria-hidden="true" className={surface.failureIcon} />
      <p>
        {message}
        {check === 'failed' && <> The upstream could not be asked again.</>}
      </p>
      {availability === 'unreachable' && (
        <Button
          size="sm"
          icon={<RefreshCw size={16} aria-hidden="true" />}
          busy={check === 'checking'}
          onClick={onRetry}
        >
          {check === 'checking' ? 'Asking the upstream…' : 'Retry'}
        </Button>
      )}
    </div>
  )
}
