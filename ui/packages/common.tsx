/** Pieces shared by the packages screens: ids in URLs, the install command, badges. */
import { useRef, useState } from 'react'
import { Link } from 'wouter'
import { useQuery } from '../shared/appContext'
import { isSearching, searchModelToQuery } from '../../domain/search'
import { isSome } from 'fp-ts/Option'
import { installCommand } from '../../domain/packageTypes'
import { shownVulnerabilities } from '../../domain/packages/rules'
import type { Vulnerabilities } from '../../domain/packages/types'
import styles from './packages.module.css'

/** Route parameters arrive percent-encoded (package ids hold `://` and `/`). */
export function decodeParam(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

export const packagePath = (packageId: string): string => `/packages/${encodeURIComponent(packageId)}`
export const versionPath = (packageId: string, version: string): string =>
  `${packagePath(packageId)}/${encodeURIComponent(version)}`

/** Back to the list: to the search the bar holds (kept while browsing its results), or to all packages. */
export function BackToResults() {
  const bar = useQuery({ type: 'search/Bar' })
  const query = bar.type === 'packages' && isSearching(bar.model) ? searchModelToQuery(bar.model) : ''
  return (
    <Link href={query ? `/packages?${query}` : '/packages'}>
      {query ? 'Back to results' : 'All packages'}
    </Link>
  )
}

/** The platform's OCI registry for a repository: this console's host (it serves the registry too). */
const registryOf = (repoKey: string | undefined) =>
  repoKey && typeof window !== 'undefined' ? `${window.location.host}/${repoKey}` : undefined

export function InstallCommand({
  type,
  name,
  version,
  repoKey,
}: {
  type: string
  name: string
  version?: string
  /** The repository the version is in (names the helm OCI registry). */
  repoKey?: string
}) {
  const command = installCommand(type, name, version ?? undefined, registryOf(repoKey))
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle')
  const code = useRef<HTMLElement>(null)
  if (!isSome(command)) return null
  const text = command.value
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard')
      await navigator.clipboard.writeText(text)
      setCopied('copied')
    } catch {
      // No clipboard access (an insecure origin, a refused permission): select the command so
      // the keyboard's copy takes exactly it.
      const selection = window.getSelection()
      if (code.current && selection) selection.selectAllChildren(code.current)
      setCopied('failed')
    }
  }
  return (
    <section aria-label="Install command" className={styles.install}>
      <code data-testid="install-command" ref={code}>
        {text}
      </code>
      <button type="button" onClick={() => void copy()}>
        Copy install command
      </button>
      <span role="status">
        {copied === 'copied'
          ? 'Install command copied to the clipboard'
          : copied === 'failed'
            ? 'Could not copy: the command is selected, press Ctrl+C to copy it'
            : ''}
      </span>
    </section>
  )
}

const LABELS: Readonly<Record<string, string>> = {
  critical: 'Critical',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
  info: 'Info',
  unknown: 'Unknown',
  skipped: 'Skipped',
}

/** Vulnerability counts by severity; zero counts are not shown. */
export function VulnerabilityBadges({ vulnerabilities }: { vulnerabilities: Vulnerabilities }) {
  const shown = shownVulnerabilities(vulnerabilities)
  if (shown.length === 0) return <span className={styles.meta}>No known vulnerabilities</span>
  return (
    <ul className={styles.badges} aria-label="Vulnerabilities">
      {shown.map((v) => (
        <li key={v.level}>
          {LABELS[v.level]}: {v.count}
        </li>
      ))}
    </ul>
  )
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  const units = ['KB', 'MB', 'GB', 'TB']
  let value = bytes / 1024
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`
}

export const formatDate = (iso: string): string => {
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? iso : d.toISOString().slice(0, 10)
}
