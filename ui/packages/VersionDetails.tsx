/** Version details: install command, files with checksums and downloads, npm data, and the version tabs. */
import { useCallback, useEffect, useRef } from 'react'
import { Link, useLocation } from 'wouter'
import { ArrowLeft, Download, FileX } from 'lucide-react'
import { useDispatch, useQuery } from '../shared/appContext'
import { availabilityOf, downloadOf, withFiles } from '../../domain/packages/rules'
import { defaultVersionTab, versionTabsOf } from '../../domain/packageTypes'
import type { DownloadMessage, VersionFile, VersionTab } from '../../domain/packages/types'
import { Button } from '../shared/kit/Button'
import { LoadFailure } from '../shared/kit/LoadFailure'
import { Select } from '../shared/kit/Select'
import { Badge, BreakAfter, EmptyState, KeyValue } from '../shared/kit/Surface'
import { MiddleCut } from '../shared/kit/MiddleCut'
import { RelativeTime } from '../shared/kit/RelativeTime'
import { Table } from '../shared/kit/Table'
import { Tabs } from '../shared/kit/Tabs'
import { XrayFindings } from './XrayFindings'
import { downloadMessageText } from './messages'
import { DOWNLOAD_WORDS, DetailsSkeleton, TypeIcon, vulnerabilitiesFact } from './common'
import { packagePath, versionPath } from '../shared/packageLinks'
import { formatBytes } from '../shared/sizes'
import { counted } from '../../domain/shared/plural'
import { InstallCommand, TextSkeleton } from './details'
import { CodeBlock } from '../shared/kit/CodeBlock'
import { BuildsPanel, DockerLayersPanel, ReadmePanel } from './panels'
import { VersionsPaging } from './VersionsPaging'
import { ProvenanceFact, UpstreamNotice } from './Provenance'
import kit from '../shared/kit/page.module.css'
import surface from '../shared/kit/surface.module.css'
import styles from './details.module.css'

const VERSION_TAB_LABELS: Readonly<Record<VersionTab, string>> = {
  readme: 'Readme',
  builds: 'Builds',
  dockerLayers: 'Docker Layers',
}

export function VersionDetails({ packageId, versionId }: { packageId: string; versionId: string }) {
  const dispatch = useDispatch()
  const [, navigate] = useLocation()
  useEffect(() => {
    dispatch({ type: 'packages/OpenVersion', packageId, versionId })
  }, [dispatch, packageId, versionId])
  const details = useQuery({ type: 'packages/Details' })
  const state = useQuery({ type: 'packages/Version' })
  const viewer = useQuery({ type: 'packages/Viewer' })
  const select = useRef<HTMLButtonElement>(null)
  const focusSelect = useCallback(() => select.current?.focus(), [])

  if (state.status === 'idle' || state.versionId !== versionId || state.status === 'loading')
    return <DetailsSkeleton label="Loading version…" />
  if (state.status === 'failed' || details.status !== 'loaded')
    return (
      <div className={`${kit.page} ${styles.page}`}>
        <LoadFailure
          message="The version could not be loaded."
          onRetry={() => dispatch({ type: 'packages/OpenVersion', packageId, versionId })}
        />
      </div>
    )
  const { pkg, versions } = details.data
  const version = state.data
  // The package page's newest row stands in until the version's own answer, with its files.
  if (!withFiles(version)) return <DetailsSkeleton label="Loading version…" />
  const repo = version.repos[0]
  const isNpm = pkg.packageType.toLowerCase() === 'npm'
  const provenance = version.provenance
  const availability = availabilityOf(provenance)
  const versionTabs = versionTabsOf(pkg.packageType)
  // The tab the user chose, else the package type's default.
  const tab =
    state.tab ?? defaultVersionTab({ packageType: pkg.packageType, leadFilePath: repo?.leadFilePath ?? null })
  const downloadFile = (name: string, path: string) =>
    repo && dispatch({ type: 'packages/DownloadFile', file: name, repoKey: repo.name, path })
  // A failure a Retry may mend (an exception granted since, a server that answers again) offers
  // one; a refusal without a reason or a missing file would only be refused again.
  const retryOf = (message: DownloadMessage) => {
    if (message.key !== 'downloadBlocked' && message.key !== 'downloadFailed') return undefined
    const again = version.files
      .map((f) => downloadOf(pkg.packageType, f))
      .find((d) => d?.name === message.file)
    return again ? () => downloadFile(again.name, again.path) : undefined
  }

  return (
    <article className={`${kit.page} ${styles.page}`} aria-labelledby="version-title">
      <div>
        <Link href={packagePath(pkg.id)} className={styles.back}>
          <ArrowLeft size={14} aria-hidden />
          {pkg.name}
        </Link>
      </div>
      <header className={styles.detailsHeader}>
        <span className={styles.headerIcon}>
          <TypeIcon type={pkg.packageType} size={24} />
        </span>
        <div className={styles.headerText}>
          <h1 id="version-title" className={surface.pageTitle}>
            {pkg.name} {version.name}
          </h1>
          <p className={styles.headerMeta}>
            <Badge tone="accent">{pkg.packageType}</Badge>
            <span>
              created <RelativeTime iso={version.created} />
            </span>
            <span>{formatBytes(version.size)}</span>
            <span>{counted(version.downloadCount, DOWNLOAD_WORDS)}</span>
          </p>
        </div>
        <div className={styles.pickerColumn}>
          <div className={styles.versionPicker}>
            <label htmlFor="version-select" className={styles.pickerLabel}>
              Version
            </label>
            {/* A version past the pages loaded so far is still offered (it was asked for by name). */}
            <Select
              id="version-select"
              ref={select}
              value={version.name}
              onValueChange={(name) => navigate(versionPath(pkg.id, name))}
              options={(versions.some((v) => v.id === version.id) ? versions : [version, ...versions]).map(
                (v) => ({ value: v.name, label: v.name }),
              )}
              className={styles.versionSelect}
            />
          </div>
          {/* How many versions the select offers, under it (not a line of its own under the header). */}
          <VersionsPaging details={details.data} total={pkg.versionsCount} focusOnLoad={focusSelect} />
        </div>
      </header>
      {/* A command that would fail is not offered: what stands in the way is said instead. */}
      {(availability === 'stored' || availability === 'fetchable') && (
        <InstallCommand type={pkg.packageType} name={pkg.name} version={version.name} repoKey={repo?.name} />
      )}
      {provenance?.kind === 'notCached' && availability !== 'stored' && (
        <UpstreamNotice
          provenance={provenance}
          availability={availability}
          check={state.upstreamCheck}
          onRetry={() => dispatch({ type: 'packages/CheckUpstream', versionId: version.id })}
        />
      )}
      {state.download.message && (
        <LoadFailure
          message={downloadMessageText(state.download.message)}
          onRetry={retryOf(state.download.message)}
        />
      )}
      <div className={styles.detailsLayout} data-facts="after">
        <div className={styles.detailsMain}>
          <section aria-labelledby="files-title" className={`${styles.section} ${styles.files}`}>
            <h2 id="files-title" className={styles.sectionTitle}>
              Files
            </h2>
            <Table
              label="Files"
              columns={[
                {
                  id: 'name',
                  header: 'Name',
                  cell: (f: VersionFile) => (
                    <span className={styles.fileName}>
                      <MiddleCut text={f.name} className={styles.fileTitle} />
                      {f.lead && <Badge tone="accent">Lead file</Badge>}
                    </span>
                  ),
                },
                {
                  id: 'type',
                  header: 'Type',
                  cell: (f: VersionFile) => <BreakAfter text={f.mimeType} after=".+" />,
                },
                {
                  id: 'size',
                  header: 'Size',
                  align: 'end',
                  cell: (f: VersionFile) => <span className={styles.nowrap}>{formatBytes(f.size)}</span>,
                },
                {
                  id: 'checksums',
                  header: 'Checksums',
                  cell: (f: VersionFile) => (
                    <dl className={styles.checksums} aria-label={`Checksums of ${f.name}`}>
                      <dt>MD5</dt>
                      <dd>
                        <CodeBlock compact code={f.md5} label={`MD5 of ${f.name}`} />
                      </dd>
                      <dt>SHA-1</dt>
                      <dd>
                        <CodeBlock compact code={f.sha1} label={`SHA-1 of ${f.name}`} />
                      </dd>
                      <dt>SHA-256</dt>
                      <dd data-testid={`sha256-${f.name}`}>
                        <CodeBlock compact code={f.sha256} label={`SHA-256 of ${f.name}`} />
                      </dd>
                    </dl>
                  ),
                },
              ]}
              // The download buttons are the rows' actions: the kit names their column 'Actions'
              // for screen readers rather than a 'Download' header above 'Download' buttons.
              rowActions={(f: VersionFile) => {
                const download = downloadOf(pkg.packageType, f)
                return repo && download ? (
                  <Button
                    size="sm"
                    aria-label={`Download ${download.name}`}
                    title="Download"
                    icon={<Download size={16} aria-hidden />}
                    disabled={state.download.file === download.name}
                    onClick={() => downloadFile(download.name, download.path)}
                  >
                    <span className={styles.downloadWords}>Download</span>
                  </Button>
                ) : (
                  <span className={styles.meta}>Not available</span>
                )
              }}
              state={{ status: 'loaded', rows: version.files }}
              rowKey={(f) => f.name}
              empty={<EmptyState icon={<FileX size={28} />} title="No files" />}
            />
          </section>
          {viewer.xray === 'available' && (
            <section aria-labelledby="security-title" className={styles.section}>
              <h2 id="security-title" className={styles.sectionTitle}>
                Security
              </h2>
              <XrayFindings packageId={pkg.id} version={version.name} />
            </section>
          )}
          <Tabs
            label="Version details"
            value={tab ?? 'readme'}
            onValueChange={(value) => dispatch({ type: 'packages/SelectTab', level: 'version', tab: value })}
            tabs={versionTabs.map((t) => ({
              value: t,
              label: VERSION_TAB_LABELS[t],
              content:
                t === 'readme' ? (
                  <ReadmePanel readme={state.readme} />
                ) : t === 'builds' ? (
                  <BuildsPanel builds={state.builds} />
                ) : (
                  <DockerLayersPanel layers={state.dockerLayers} />
                ),
            }))}
          />
        </div>
        <aside className={styles.facts} aria-label="Version facts">
          <KeyValue
            items={[
              ...vulnerabilitiesFact(viewer.xray, version.scanned, version.vulnerabilities),
              ...(version.digest
                ? [
                    {
                      key: 'digest',
                      label: 'Digest',
                      value: <CodeBlock compact code={version.digest} label="digest" />,
                    },
                  ]
                : []),
              ...(repo ? [{ key: 'repo', label: 'Repository', value: repo.name }] : []),
              ...(provenance
                ? [{ key: 'source', label: 'Source', value: <ProvenanceFact provenance={provenance} /> }]
                : []),
              // An image names its OS and architecture; a multi-arch index, each of its images'.
              ...(state.dockerPlatforms && state.dockerPlatforms.length > 0
                ? [
                    {
                      key: 'platforms',
                      label: state.dockerPlatforms.length > 1 ? 'Platforms' : 'OS/Architecture',
                      value: (
                        <ul aria-label="Platforms" className={styles.plainList}>
                          {state.dockerPlatforms.map((p) => (
                            <li key={p}>{p}</li>
                          ))}
                        </ul>
                      ),
                    },
                  ]
                : []),
            ]}
          />
          {isNpm && (
            <section aria-labelledby="deps-title" className={styles.section}>
              <h2 id="deps-title" className={styles.sectionTitle}>
                Dependencies
              </h2>
              {state.dependencies.status !== 'loaded' ? (
                <TextSkeleton label="Loading dependencies…" />
              ) : state.dependencies.value.length === 0 ? (
                <p className={styles.meta}>No dependencies.</p>
              ) : (
                <ul aria-label="Dependencies" className={styles.plainList}>
                  {state.dependencies.value.map((d) => (
                    <li key={`${d.scope}:${d.name}`}>
                      {d.name} <span className={styles.version}>{d.version}</span>{' '}
                      <span className={styles.meta}>({d.scope})</span>
                    </li>
                  ))}
                </ul>
              )}
              <h2 className={styles.sectionTitle}>Properties</h2>
              {state.properties.status !== 'loaded' ? (
                <TextSkeleton label="Loading properties…" />
              ) : state.properties.value.length === 0 ? (
                <p className={styles.meta}>No properties.</p>
              ) : (
                <dl aria-label="Properties" className={styles.properties}>
                  {state.properties.value.map((p) => (
                    <div key={p.key}>
                      <dt>{p.key}</dt>
                      <dd>{p.values.join(', ')}</dd>
                    </div>
                  ))}
                </dl>
              )}
            </section>
          )}
        </aside>
      </div>
    </article>
  )
}
