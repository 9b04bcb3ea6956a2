/** Package details: facts, install command, versions, and the package tabs. */
import { useCallback, useEffect, useRef } from 'react'
import { Link } from 'wouter'
import * as Tabs from '@radix-ui/react-tabs'
import { useDispatch, useQuery } from '../shared/appContext'
import type { PackageTab } from '../../domain/packages/types'
import {
  BackToResults,
  InstallCommand,
  VulnerabilityBadges,
  formatBytes,
  formatDate,
  versionPath,
} from './common'
import { BuildsPanel, DockerLayersPanel, ReadmePanel } from './panels'
import { VersionsPaging } from './VersionsPaging'
import { EMPTY_TEXTS } from './PackagesList'
import styles from './packages.module.css'

export function PackageDetails({ packageId }: { packageId: string }) {
  const dispatch = useDispatch()
  useEffect(() => {
    dispatch({ type: 'packages/OpenPackage', packageId })
  }, [dispatch, packageId])
  const details = useQuery({ type: 'packages/Details' })
  const version = useQuery({ type: 'packages/Version' })
  const viewer = useQuery({ type: 'packages/Viewer' })
  const versionList = useRef<HTMLUListElement>(null)
  const focusVersion = useCallback(
    (from: number) => versionList.current?.querySelectorAll<HTMLElement>('a')[from]?.focus(),
    [],
  )

  if (details.packageId !== packageId || details.status === 'loading' || details.status === 'idle')
    return <p role="status">Loading package…</p>
  if (details.status === 'failed' || !details.pkg)
    return (
      <div className={styles.error} role="alert">
        <p>The package could not be loaded.</p>
        <button type="button" onClick={() => dispatch({ type: 'packages/OpenPackage', packageId })}>
          Retry
        </button>
      </div>
    )
  const pkg = details.pkg
  const latest = details.versions[0]
  const isDocker = pkg.packageType.toLowerCase() === 'docker'
  const tabs: { id: PackageTab; label: string }[] = [
    { id: 'readme', label: 'Readme' },
    { id: 'builds', label: 'Builds' },
    { id: 'location', label: 'Location' },
    { id: 'xrayData', label: viewer.xrayLabel },
    { id: 'releases', label: 'Releases' },
    ...(isDocker ? [{ id: 'dockerLayers' as const, label: 'Docker Layers' }] : []),
  ]
  const tab = details.tab && tabs.some((t) => t.id === details.tab) ? details.tab : 'readme'

  return (
    <article className={styles.page} aria-labelledby="package-title">
      <p>
        <BackToResults />
      </p>
      <h1 id="package-title">{pkg.name}</h1>
      <p className={styles.meta}>
        {pkg.packageType} · latest {pkg.latestVersion ?? '—'} · {pkg.versionsCount} versions · updated{' '}
        {formatDate(pkg.modified)}
      </p>
      {pkg.description && <p>{pkg.description}</p>}
      <InstallCommand
        type={pkg.packageType}
        name={pkg.name}
        version={latest?.name}
        repoKey={latest?.repos[0]?.name}
      />
      <dl>
        <dt>Downloads</dt>
        <dd>{pkg.stats.downloads.toLocaleString('en')}</dd>
        <dt>Followers</dt>
        <dd>{pkg.stats.followers.toLocaleString('en')}</dd>
        {viewer.licenseDataEnabled && (
          <>
            <dt>Licences</dt>
            <dd>{pkg.licenses.length > 0 ? pkg.licenses.map((l) => l.name).join(', ') : 'None'}</dd>
          </>
        )}
        {pkg.tags.length > 0 && (
          <>
            <dt>Tags</dt>
            <dd>{pkg.tags.join(', ')}</dd>
          </>
        )}
        <dt>Vulnerabilities</dt>
        <dd>
          <VulnerabilityBadges vulnerabilities={pkg.vulnerabilities} />
        </dd>
        {pkg.operationalRisk && (
          <>
            <dt>Operational risk</dt>
            <dd>{pkg.operationalRisk.riskLevel}</dd>
          </>
        )}
      </dl>
      {details.versions.length === 0 ? (
        <p className={styles.empty}>{EMPTY_TEXTS.notYetAvailable}</p>
      ) : (
        <nav aria-labelledby="versions-title">
          <h2 id="versions-title">Versions</h2>
          <ul className={styles.badges} ref={versionList}>
            {details.versions.map((v) => (
              <li key={v.id}>
                <Link href={versionPath(pkg.id, v.name)}>{v.name}</Link>
              </li>
            ))}
          </ul>
          <VersionsPaging total={pkg.versionsCount} focusOnLoad={focusVersion} />
        </nav>
      )}
      <Tabs.Root
        className={styles.tabs}
        value={tab}
        onValueChange={(value) =>
          dispatch({ type: 'packages/SelectTab', level: 'package', tab: value as PackageTab })
        }
      >
        <Tabs.List aria-label="Package details">
          {tabs.map((t) => (
            <Tabs.Trigger key={t.id} value={t.id}>
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="readme">
          <ReadmePanel readme={version.readme} />
        </Tabs.Content>
        <Tabs.Content value="builds">
          <BuildsPanel builds={version.builds} />
        </Tabs.Content>
        <Tabs.Content value="location">
          {latest ? (
            <table className={styles.table} aria-label="Location">
              <thead>
                <tr>
                  <th>Repository</th>
                  <th>Type</th>
                  <th>Path</th>
                </tr>
              </thead>
              <tbody>
                {latest.repos.map((r) => (
                  <tr key={r.name}>
                    <td>{r.name}</td>
                    <td>{r.type}</td>
                    <td className={styles.hash}>{r.leadFilePath}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className={styles.empty}>No location yet.</p>
          )}
        </Tabs.Content>
        <Tabs.Content value="xrayData">
          <VulnerabilityBadges vulnerabilities={pkg.vulnerabilities} />
          {pkg.operationalRisk && <p>Operational risk: {pkg.operationalRisk.riskLevel}</p>}
        </Tabs.Content>
        <Tabs.Content value="releases">
          <table className={styles.table} aria-label="Releases">
            <thead>
              <tr>
                <th>Version</th>
                <th>Created</th>
                <th>Size</th>
                <th>Downloads</th>
              </tr>
            </thead>
            <tbody>
              {details.versions.map((v) => (
                <tr key={v.id}>
                  <td>
                    <Link href={versionPath(pkg.id, v.name)}>{v.name}</Link>
                  </td>
                  <td>{formatDate(v.created)}</td>
                  <td>{formatBytes(v.size)}</td>
                  <td>{v.downloadCount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Tabs.Content>
        {isDocker && (
          <Tabs.Content value="dockerLayers">
            <DockerLayersPanel layers={version.dockerLayers} />
          </Tabs.Content>
        )}
      </Tabs.Root>
    </article>
  )
}
