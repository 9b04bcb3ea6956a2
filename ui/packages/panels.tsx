/** A version's panels: readme, builds, docker layers; each shows loading, empty or content. */
import { lazy, Suspense } from 'react'
import type { VersionState } from '../../domain/packages/types'
import { formatBytes, formatDate } from './common'
import styles from './packages.module.css'

// The markdown renderer and sanitiser (marked + DOMPurify) load with the first README shown,
// keeping them out of the packages chunk's budget.
const Markdown = lazy(() => import('../shared/SafeHtml').then((m) => ({ default: m.Markdown })))

export function ReadmePanel({ readme }: { readme: VersionState['readme'] }) {
  if (readme.status !== 'loaded') return <p role="status">Loading README…</p>
  if (readme.value === null) return <p className={styles.empty}>No README for this version.</p>
  return (
    <Suspense fallback={<p role="status">Loading README…</p>}>
      {/* The page has its h1: the README's own headings start at h2. */}
      <Markdown source={readme.value} headingBase={2} />
    </Suspense>
  )
}

export function BuildsPanel({ builds }: { builds: VersionState['builds'] }) {
  if (builds.status !== 'loaded') return <p role="status">Loading builds…</p>
  if (builds.value.length === 0) return <p className={styles.empty}>No builds produced this version.</p>
  return (
    <table className={styles.table} aria-label="Builds">
      <thead>
        <tr>
          <th>Build</th>
          <th>Number</th>
          <th>Started</th>
          <th>Status</th>
        </tr>
      </thead>
      <tbody>
        {builds.value.map((b) => (
          <tr key={`${b.name}#${b.number}`}>
            <td>{b.name}</td>
            <td>{b.number}</td>
            <td>{formatDate(b.started)}</td>
            <td>{b.status}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

export function DockerLayersPanel({ layers }: { layers: VersionState['dockerLayers'] }) {
  if (layers.status !== 'loaded') return <p role="status">Loading docker layers…</p>
  if (layers.value.length === 0) return <p className={styles.empty}>No docker layers.</p>
  return (
    <table className={styles.table} aria-label="Docker layers">
      <thead>
        <tr>
          <th>Digest</th>
          <th>Size</th>
          <th>Command</th>
        </tr>
      </thead>
      <tbody>
        {layers.value.map((l) => (
          <tr key={l.digest}>
            <td className={styles.hash}>{l.digest}</td>
            <td>{formatBytes(l.size)}</td>
            <td>
              <code>{l.command}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
