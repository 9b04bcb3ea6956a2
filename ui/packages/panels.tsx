/** A version's panels: readme, builds, docker layers; each shows loading, empty or content. */
import { lazy, Suspense } from 'react'
import { Link } from 'wouter'
import { FileText, Hammer, Layers } from 'lucide-react'
import type { Build, DockerLayer, VersionState } from '../../domain/packages/types'
import { EmptyState } from '../shared/kit/Surface'
import { RelativeTime } from '../shared/kit/RelativeTime'
import { Table } from '../shared/kit/Table'
import { formatBytes } from '../shared/sizes'
import { buildPath } from '../../domain/builds/rules'
import { StatusBadge } from '../shared/kit/StatusBadge'
import { TextSkeleton } from './details'
import styles from './details.module.css'

// The markdown renderer and sanitiser (marked + DOMPurify) load with the first README shown,
// keeping them out of the packages chunk's budget.
const Markdown = lazy(() => import('../shared/SafeHtml').then((m) => ({ default: m.Markdown })))

export function ReadmePanel({ readme }: { readme: VersionState['readme'] }) {
  if (readme.status !== 'loaded') return <TextSkeleton label="Loading README…" />
  if (readme.value === null)
    return <EmptyState icon={<FileText size={28} />} title="No README for this version" />
  return (
    <Suspense fallback={<TextSkeleton label="Loading README…" />}>
      <div className={styles.readme}>
        {/* The page has its h1: the README's own headings start at h2. */}
        <Markdown source={readme.value} headingBase={2} />
      </div>
    </Suspense>
  )
}

export function BuildsPanel({ builds }: { builds: VersionState['builds'] }) {
  return (
    <Table
      label="Builds"
      columns={[
        { id: 'name', header: 'Build', cell: (b: Build) => <Link href={buildPath(b.name)}>{b.name}</Link> },
        {
          id: 'number',
          header: 'Number',
          cell: (b: Build) => <Link href={buildPath(b.name, b.number)}>#{b.number}</Link>,
        },
        { id: 'started', header: 'Started', cell: (b: Build) => <RelativeTime iso={b.started} /> },
        { id: 'status', header: 'Status', cell: (b: Build) => <StatusBadge status={b.status} /> },
      ]}
      state={builds.status === 'loaded' ? { status: 'loaded', rows: builds.value } : { status: 'loading' }}
      rowKey={(b) => `${b.name}#${b.number}`}
      skeletonRows={3}
      empty={<EmptyState icon={<Hammer size={28} />} title="No builds produced this version" />}
    />
  )
}

export function DockerLayersPanel({ layers }: { layers: VersionState['dockerLayers'] }) {
  return (
    <Table
      label="Docker layers"
      columns={[
        {
          id: 'digest',
          header: 'Digest',
          cell: (l: DockerLayer) => <span className={styles.hash}>{l.digest}</span>,
        },
        { id: 'size', header: 'Size', align: 'end', cell: (l: DockerLayer) => formatBytes(l.size) },
        {
          id: 'command',
          header: 'Command',
          cell: (l: DockerLayer) => <code className={styles.hash}>{l.command}</code>,
        },
      ]}
      state={layers.status === 'loaded' ? { status: 'loaded', rows: layers.value } : { status: 'loading' }}
      rowKey={(l) => l.digest}
      skeletonRows={3}
      empty={<EmptyState icon={<Layers size={28} />} title="No docker layers" />}
    />
  )
}
