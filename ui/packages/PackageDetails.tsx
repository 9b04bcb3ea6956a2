/** Package details: facts, install command, versions, and the package tabs. */
import { useCallback, useRef } from 'react'
import { Link } from 'wouter'
import { Clock, MapPin } from 'lucide-react'
import { useDispatch, useQuery } from '../shared/appContext'
import type { PackageTab, VersionRepo, VersionSummary } from '../../domain/packages/types'
import { LoadFailure } from '../shared/kit/LoadFailure'
import { Badge, Card, EmptyState, KeyValue } from '../shared/kit/Surface'
import { RelativeTime } from '../shared/kit/RelativeTime'
import { Table } from '../shared/kit/Table'
import { Tabs } from '../shared/kit/Tabs'
import { DetailsSkeleton, SecurityPanel, vulnerabilitiesFact, TypeIcon, VulnerabilityBadges } from './common'
import { availabilityOf, shownVulnerabilities } from '../../domain/packages/rules'
import { versionPath } from '../shared/packageLinks'
import { formatBytes } from '../shared/sizes'
import { BackToResults, InstallCommand } from './details'
import { SourcesFact, SourceWords, UpstreamNotice } from './Provenance'
import { BuildsPanel, DockerLayersPanel, ReadmePanel } from './panels'
import { VersionsPaging } from './VersionsPaging'
import { XrayFindings } from './XrayFindings'
import { EMPTY_TEXTS } from './PackagesList'
import kit from '../shared/kit/page.module.css'
import surface from '../shared/kit/surface.module.css'
import styles from './details.module.css'
import { markdownToText } from '../../domain/shared/markdownText'

export function PackageDetails({ packageId }: { packageId: string }) {
  const dispatch = useDispatch()
  const details = useQuery({ type: 'packages/Details' })
  // The route asks for the package (its first intent, ui/routeIntent.ts); the page shows it.
  const version = useQuery({ type: 'packages/Version' })
  const viewer = useQuery({ type: 'packages/Viewer' })
  const versionList = useRef<HTMLUListElement>(null)
  const focusVersion = useCallback(
    (from: number) => versionList.current?.querySelectorAll<HTMLElement>('a')[from]?.focus(),
    [],
  )

  if (details.status === 'idle' || details.packageId !== packageId || details.status === 'loading')
    return <DetailsSkeleton label="Loading package…" />
  if (details.status === 'failed')
    return (
      <div className={`${kit.page} ${styles.page}`}>
        <LoadFailure
          message="The package could not be loaded."
          onRetry={() => dispatch({ type: 'packages/OpenPackage', packageId })}
        />
      </div>
    )
  const { pkg, versions, holding } = details.data
  const latest = versions[0]
  const availability = availabilityOf(latest?.provenance)
  const isDocker = pkg.packageType.toLowerCase() === 'docker'
  const tabs: { id: PackageTab; label: string }[] = [
    { id: 'readme', label: 'Readme' },
    { id: 'builds', label: 'Builds' },
    { id: 'location', label: 'Location' },
    ...(viewer.xray === 'notInEdition' ? [] : [{ id: 'xrayData' as const, label: viewer.xrayLabel }]),
    { id: 'releases', label: 'Releases' },
    ...(isDocker ? [{ id: 'dockerLayers' as const, label: 'Docker Layers' }] : []),
  ]
  const tab = details.tab && tabs.some((t) => t.id === details.tab) ? details.tab : 'readme'
  const facts = [
    { key: 'downloads', label: 'Downloads', value: pkg.stats.downloads.toLocaleString('en') },
    { key: 'followers', label: 'Followers', value: pkg.stats.followers.toLocaleString('en') },
    ...(viewer.licenseDataEnabled
      ? [
          {
            key: 'licences',
            label: 'Licences',
            value: pkg.licenses.length > 0 ? pkg.licenses.map((l) => l.name).join(', ') : 'None',
          },
        ]
      : []),
    ...(pkg.tags.length > 0
      ? [
          {
            key: 'tags',
            label: 'Tags',
            value: (
              <span className={styles.tags}>
                {pkg.tags.map((t) => (
                  <Badge key={t}>{t}</Badge>
                ))}
              </span>
            ),
          },
        ]
      : []),
    // Where the versions shown come from (the platform's provenance of each; absent from older ones).
    ...(versions.some((v) => v.provenance)
      ? [{ key: 'source', label: 'Source', value: <SourcesFact versions={versions} /> }]
      : []),
    ...vulnerabilitiesFact(viewer.xray, pkg.scanned, pkg.vulnerabilities),
    ...(pkg.operationalRisk
      ? [{ key: 'risk', label: 'Operational risk', value: pkg.operationalRisk.riskLevel }]
      : []),
  ]

  return (
    <article className={`${kit.page} ${styles.page}`} aria-labelledby="package-title">
      <div>
        <BackToResults />
      </div>
      <header className={styles.detailsHeader}>
        <span className={styles.headerIcon}>
          <TypeIcon type={pkg.packageType} size={24} />
        </span>
        <div className={styles.headerText}>
          <h1 id="package-title" className={surface.pageTitle}>
            {pkg.name}
          </h1>
          <p className={styles.headerMeta}>
            <Badge tone="accent">{pkg.packageType}</Badge>
            <span>
              latest <span className={styles.version}>{pkg.latestVersion ?? '—'}</span>
            </span>
            <span>
              updated <RelativeTime iso={pkg.modified} />
            </span>
          </p>
          {pkg.description && <p className={styles.description}>{markdownToText(pkg.description)}</p>}
        </div>
      </header>
      {/* The command names the newest version: one that would fail is not offered, as on its own page. */}
      {(availability === 'stored' || availability === 'fetchable') && (
        <InstallCommand
          type={pkg.packageType}
          name={pkg.name}
          version={latest?.name}
          repoKey={latest?.repos[0]?.name}
        />
      )}
      {latest?.provenance?.kind === 'notCached' && availability !== 'stored' && (
        <UpstreamNotice
          provenance={latest.provenance}
          availability={availability}
          version={latest.name}
          check={
            version.status === 'loaded' && version.data.id === latest.id ? version.upstreamCheck : undefined
          }
          onRetry={() => dispatch({ type: 'packages/CheckUpstream', versionId: latest.id })}
        />
      )}
      {holding && (
        <Card title="Versions holding the file">
          <p className={styles.description}>
            {holding.versions.length === 0 ? `No version of ${pkg.name} holds the file` : 'The file'} with
            checksum <code className={styles.version}>{holding.checksum}</code>
            {holding.versions.length === 0 ? '.' : ' is in:'}
          </p>
          {holding.versions.length > 0 && (
            <ul aria-label="Versions holding the file" className={styles.versionList}>
              {holding.versions.map((name) => (
                <li key={name}>
                  <Link href={versionPath(pkg.id, name)}>{name}</Link>
                </li>
              ))}
            </ul>
          )}
        </Card>
      )}
      <div className={styles.detailsLayout}>
        <div className={styles.detailsMain}>
          {versions.length === 0 ? (
            <div className={kit.raised}>
              <EmptyState icon={<Clock size={28} />} title={EMPTY_TEXTS.notYetAvailable} />
            </div>
          ) : (
            <nav aria-labelledby="versions-title" className={styles.section}>
              <h2 id="versions-title" className={styles.sectionTitle}>
                Versions
              </h2>
              <ul className={styles.versionList} ref={versionList}>
                {versions.map((v) => (
                  <li key={v.id}>
                    <Link href={versionPath(pkg.id, v.name)}>{v.name}</Link>
                  </li>
                ))}
              </ul>
              <VersionsPaging details={details.data} total={pkg.versionsCount} focusOnLoad={focusVersion} />
            </nav>
          )}
          <Tabs<PackageTab>
            label="Package details"
            value={tab}
            onValueChange={(value) => dispatch({ type: 'packages/SelectTab', level: 'package', tab: value })}
            tabs={[
              { value: 'readme', label: 'Readme', content: <ReadmePanel readme={version.readme} /> },
              { value: 'builds', label: 'Builds', content: <BuildsPanel builds={version.builds} /> },
              {
                value: 'location',
                label: 'Location',
                content: latest ? (
                  <Table
                    label="Location"
                    columns={[
                      { id: 'repo', header: 'Repository', cell: (r: VersionRepo) => r.name },
                      { id: 'type', header: 'Type', cell: (r: VersionRepo) => r.type },
                      {
                        id: 'path',
                        header: 'Path',
                        cell: (r: VersionRepo) => <span className={styles.hash}>{r.leadFilePath}</span>,
                      },
                    ]}
                    state={{ status: 'loaded', rows: latest.repos }}
                    rowKey={(r) => r.name}
                    empty={<EmptyState title="No location yet" />}
                  />
                ) : (
                  <EmptyState icon={<MapPin size={28} />} title="No location yet" />
                ),
              },
              ...(viewer.xray === 'notInEdition'
                ? []
                : [
                    {
                      value: 'xrayData' as const,
                      label: viewer.xrayLabel,
                      content: (
                        <div className={styles.section}>
                          {viewer.xray === 'available' && latest ? (
                            <>
                              <SecurityPanel
                                xray={viewer.xray}
                                scanned={pkg.scanned}
                                vulnerabilities={pkg.vulnerabilities}
                              />
                              <VulnerableVersions packageId={pkg.id} versions={versions} />
                              <h3 className={styles.sectionTitle}>Latest version, {latest.name}</h3>
                              <XrayFindings packageId={pkg.id} version={latest.name} />
                            </>
                          ) : (
                            <SecurityPanel
                              xray={viewer.xray}
                              scanned={pkg.scanned}
                              vulnerabilities={pkg.vulnerabilities}
                            />
                          )}
                          {pkg.operationalRisk && <p>Operational risk: {pkg.operationalRisk.riskLevel}</p>}
                        </div>
                      ),
                    },
                  ]),
              {
                value: 'releases',
                label: 'Releases',
                content: (
                  <Table
                    label="Releases"
                    columns={[
                      {
                        id: 'version',
                        header: 'Version',
                        cell: (v: VersionSummary) => <Link href={versionPath(pkg.id, v.name)}>{v.name}</Link>,
                      },
                      {
                        id: 'created',
                        header: 'Created',
                        cell: (v: VersionSummary) => <RelativeTime iso={v.created} />,
                      },
                      {
                        id: 'source',
                        header: 'Source',
                        cell: (v: VersionSummary) =>
                          v.provenance ? <SourceWords provenance={v.provenance} /> : '—',
                      },
                      {
                        id: 'size',
                        header: 'Size',
                        align: 'end',
                        cell: (v: VersionSummary) => formatBytes(v.size),
                      },
                      {
                        id: 'downloads',
                        header: 'Downloads',
                        align: 'end',
                        cell: (v: VersionSummary) => v.downloadCount.toLocaleString('en'),
                      },
                    ]}
                    state={{ status: 'loaded', rows: versions }}
                    rowKey={(v) => v.id}
                    empty={<EmptyState title={EMPTY_TEXTS.notYetAvailable} />}
                  />
                ),
              },
              ...(isDocker
                ? [
                    {
                      value: 'dockerLayers' as const,
                      label: 'Docker Layers',
                      content: <DockerLayersPanel layers={version.dockerLayers} />,
                    },
                  ]
                : []),
            ]}
          />
        </div>
        <aside className={styles.facts} aria-label="Package facts">
          <KeyValue items={facts} />
        </aside>
      </div>
    </article>
  )
}

/**
 * The versions shown whose scans found something, each a link to its page (where its findings
 * are): the package's counts add up every version, so a user whose latest version has none
 * still learns which ones have them.
 */
function VulnerableVersions({
  packageId,
  versions,
}: {
  readonly packageId: string
  readonly versions: ReadonlyArray<VersionSummary>
}) {
  const vulnerable = versions.filter(
    (v) => v.scanned !== false && shownVulnerabilities(v.vulnerabilities).length > 0,
  )
  if (vulnerable.length === 0) return null
  return (
    <>
      <h3 className={styles.sectionTitle}>Versions with vulnerabilities</h3>
      <Table<VersionSummary>
        label="Versions with vulnerabilities"
        columns={[
          {
            id: 'version',
            header: 'Version',
            rowHeader: true,
            cell: (v) => <Link href={versionPath(packageId, v.name)}>{v.name}</Link>,
          },
          {
            id: 'vulnerabilities',
            header: 'Vulnerabilities',
            cell: (v) => <VulnerabilityBadges vulnerabilities={v.vulnerabilities} />,
          },
        ]}
        state={{ status: 'loaded', rows: vulnerable }}
        rowKey={(v) => v.id}
        empty={null}
      />
    </>
  )
}
