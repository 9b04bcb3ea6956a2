/** Version details: install command, files with checksums and downloads, npm data, and the version tabs. */
import { useCallback, useEffect, useRef } from 'react'
import { Link, useLocation } from 'wouter'
import * as Tabs from '@radix-ui/react-tabs'
import { useDispatch, useQuery } from '../shared/appContext'
import { downloadOf } from '../../domain/packages/rules'
import { versionTabsOf } from '../../domain/packageTypes'
import type { VersionTab } from '../../domain/packages/types'
import {
  InstallCommand,
  VulnerabilityBadges,
  formatBytes,
  formatDate,
  packagePath,
  versionPath,
} from './common'
import { BuildsPanel, DockerLayersPanel, ReadmePanel } from './panels'
import { VersionsPaging } from './VersionsPaging'
import styles from './packages.module.css'

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
  const tab = useQuery({ type: 'packages/VersionTab' })
  const select = useRef<HTMLSelectElement>(null)
  const focusSelect = useCallback(() => select.current?.focus(), [])

  if (state.versionId !== versionId || state.status === 'loading' || state.status === 'idle')
    return <p role="status">Loading version…</p>
  if (state.status === 'failed' || !state.version || !details.pkg)
    return (
      <div className={styles.error} role="alert">
        <p>The version could not be loaded.</p>
        <button
          type="button"
          onClick={() => dispatch({ type: 'packages/OpenVersion', packageId, versionId })}
        >
          Retry
        </button>
      </div>
    )
  const pkg = details.pkg
  const version = state.version
  const repo = version.repos[0]
  const isNpm = pkg.packageType.toLowerCase() === 'npm'

  return (
    <article className={styles.page} aria-labelledby="version-title">
      <p>
        <Link href={packagePath(pkg.id)}>{pkg.name}</Link>
      </p>
      <h1 id="version-title">
        {pkg.name} {version.name}
      </h1>
      <label>
        Version{' '}
        <select
          ref={select}
          value={version.name}
          onChange={(e) => navigate(versionPath(pkg.id, e.target.value))}
        >
          {/* A version past the pages loaded so far is still offered (it was asked for by name). */}
          {(details.versions.some((v) => v.id === version.id)
            ? details.versions
            : [version, ...details.versions]
          ).map((v) => (
            <option key={v.id} value={v.name}>
              {v.name}
            </option>
          ))}
        </select>
      </label>
      <VersionsPaging total={pkg.versionsCount} focusOnLoad={focusSelect} />
      <p className={styles.meta}>
        created {formatDate(version.created)} · {formatBytes(version.size)} · {version.downloadCount}{' '}
        downloads
      </p>
      <InstallCommand type={pkg.packageType} name={pkg.name} version={version.name} repoKey={repo?.name} />
      <VulnerabilityBadges vulnerabilities={version.vulnerabilities} />
      {version.digest && (
        <p>
          Digest: <span className={styles.hash}>{version.digest}</span>
        </p>
      )}
      {state.download.message && (
        <p role="alert" className={styles.error}>
          {state.download.message}
        </p>
      )}
      <section aria-labelledby="files-title">
        <h2 id="files-title">Files</h2>
        {version.files.length === 0 ? (
          <p className={styles.empty}>No files.</p>
        ) : (
          <table className={styles.table} aria-label="Files">
            <thead>
              <tr>
                <th>Name</th>
                <th>Lead file</th>
                <th>Type</th>
                <th>Size</th>
                <th>Checksums</th>
                <th>Download</th>
              </tr>
            </thead>
            <tbody>
              {version.files.map((f) => {
                const download = downloadOf(pkg.packageType, f)
                return (
                  <tr key={f.name}>
                    <td>{f.name}</td>
                    <td>{f.lead ? 'Lead file' : ''}</td>
                    <td>{f.mimeType}</td>
                    <td>{formatBytes(f.size)}</td>
                    <td>
                      <dl className={styles.hash} aria-label={`Checksums of ${f.name}`}>
                        <dt>MD5</dt>
                        <dd>{f.md5}</dd>
                        <dt>SHA-1</dt>
                        <dd>{f.sha1}</dd>
                        <dt>SHA-256</dt>
                        <dd data-testid={`sha256-${f.name}`}>{f.sha256}</dd>
                      </dl>
                    </td>
                    <td>
                      {repo && download ? (
                        <button
                          type="button"
                          disabled={state.download.file === download.name}
                          onClick={() =>
                            dispatch({
                              type: 'packages/DownloadFile',
                              file: download.name,
                              repoKey: repo.name,
                              path: download.path,
                            })
                          }
                        >
                          Download {download.name}
                        </button>
                      ) : (
                        <span className={styles.meta}>Not available</span>
                      )}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        )}
      </section>
      {isNpm && (
        <section aria-labelledby="deps-title">
          <h2 id="deps-title">Dependencies</h2>
          {state.dependencies.status !== 'loaded' ? (
            <p role="status">Loading dependencies…</p>
          ) : state.dependencies.value.length === 0 ? (
            <p className={styles.empty}>No dependencies.</p>
          ) : (
            <ul aria-label="Dependencies">
              {state.dependencies.value.map((d) => (
                <li key={`${d.scope}:${d.name}`}>
                  {d.name} {d.version} <span className={styles.meta}>({d.scope})</span>
                </li>
              ))}
            </ul>
          )}
          <h2>Properties</h2>
          {state.properties.status !== 'loaded' ? (
            <p role="status">Loading properties…</p>
          ) : state.properties.value.length === 0 ? (
            <p className={styles.empty}>No properties.</p>
          ) : (
            <dl aria-label="Properties">
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
      <Tabs.Root
        className={styles.tabs}
        value={tab ?? 'readme'}
        onValueChange={(value) =>
          dispatch({ type: 'packages/SelectTab', level: 'version', tab: value as VersionTab })
        }
      >
        <Tabs.List aria-label="Version details">
          {versionTabsOf(pkg.packageType).map((t) => (
            <Tabs.Trigger key={t} value={t}>
              {VERSION_TAB_LABELS[t]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="readme">
          <ReadmePanel readme={state.readme} />
        </Tabs.Content>
        <Tabs.Content value="builds">
          <BuildsPanel builds={state.builds} />
        </Tabs.Content>
        {versionTabsOf(pkg.packageType).includes('dockerLayers') && (
          <Tabs.Content value="dockerLayers">
            <DockerLayersPanel layers={state.dockerLayers} />
          </Tabs.Content>
        )}
      </Tabs.Root>
    </article>
  )
}
