/**
 * The list's filters: package types, repositories, licences, severities, dates, sort and
 * the release-versions-only option. A change runs the search again (new URL, same bar).
 */
import { useState } from 'react'
import { useLocation } from 'wouter'
import * as Tooltip from '@radix-ui/react-tooltip'
import { useDispatch, useQuery } from '../shared/appContext'
import type { SearchModel } from '../../domain/search'
import styles from './packages.module.css'

const DEFAULT_TYPES = [
  'npm',
  'maven',
  'docker',
  'go',
  'pypi',
  'nuget',
  'helm',
  'debian',
  'gems',
  'cargo',
  'conan',
]
const SEVERITY_OPTIONS = [
  ['critical', 'Critical'],
  ['high', 'High'],
  ['medium', 'Medium'],
  ['low', 'Low'],
  ['info', 'Info'],
  ['unknown', 'Unknown'],
] as const
export const RELEASE_ONLY_TOOLTIP = 'Only semver release versions will be shown'

const splitList = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')

export function Filters({
  model,
  releaseOnly,
  search,
}: {
  model: SearchModel
  releaseOnly: boolean
  search: string
}) {
  const dispatch = useDispatch()
  const [, navigate] = useLocation()
  const available = useQuery({ type: 'packages/PackageTypes' })
  const types = available.length > 0 ? available : DEFAULT_TYPES
  const run = (filters: Partial<SearchModel>) =>
    dispatch({ type: 'search/Run', model: { ...model, ...filters }, searchType: 'packages' })
  const toggle = (list: ReadonlyArray<string>, value: string) =>
    list.includes(value) ? list.filter((v) => v !== value) : [...list, value]
  const [repos, setRepos] = useState(model.repositories.join(', '))
  const [licenses, setLicenses] = useState(model.licenses.join(', '))

  const setReleaseOnly = (on: boolean) => {
    const params = new URLSearchParams(search)
    if (on) params.set('rel', '1')
    else params.delete('rel')
    const qs = params.toString()
    navigate(`/packages${qs ? `?${qs}` : ''}`)
  }

  return (
    <aside className={styles.filters} aria-label="Filters">
      <fieldset>
        <legend>Package type</legend>
        {types.map((t) => (
          <label key={t}>
            <input
              type="checkbox"
              checked={model.packageTypes.includes(t)}
              onChange={() => run({ packageTypes: toggle(model.packageTypes, t) })}
            />{' '}
            {t}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Severity (at least one)</legend>
        {SEVERITY_OPTIONS.map(([value, label]) => (
          <label key={value}>
            <input
              type="checkbox"
              checked={model.severities.includes(value)}
              onChange={() => run({ severities: toggle(model.severities, value) })}
            />{' '}
            {label}
          </label>
        ))}
      </fieldset>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          run({ repositories: splitList(repos), licenses: splitList(licenses) })
        }}
      >
        <fieldset>
          <legend>Repositories and licences</legend>
          <label>
            Repositories
            <input value={repos} onChange={(e) => setRepos(e.target.value)} placeholder="npm-remote, libs" />
          </label>
          <label>
            Licences
            <input
              value={licenses}
              onChange={(e) => setLicenses(e.target.value)}
              placeholder="MIT, Apache-2.0"
            />
          </label>
          <button type="submit">Apply</button>
        </fieldset>
      </form>
      <fieldset>
        <legend>Created</legend>
        <label>
          After
          <input
            type="date"
            value={model.after?.slice(0, 10) ?? ''}
            onChange={(e) => run({ after: e.target.value || null })}
          />
        </label>
        <label>
          Before
          <input
            type="date"
            value={model.before?.slice(0, 10) ?? ''}
            onChange={(e) => run({ before: e.target.value || null })}
          />
        </label>
      </fieldset>
      <fieldset>
        <legend>Sort</legend>
        <label>
          Sort by
          <select value={model.sortBy} onChange={(e) => run({ sortBy: e.target.value })}>
            <option value="name">Name</option>
            <option value="created">Created</option>
            <option value="modified">Modified</option>
          </select>
        </label>
        <label>
          Direction
          <select
            value={model.sortType}
            onChange={(e) => run({ sortType: e.target.value === 'desc' ? 'desc' : 'asc' })}
          >
            <option value="asc">Ascending</option>
            <option value="desc">Descending</option>
          </select>
        </label>
      </fieldset>
      <Tooltip.Provider delayDuration={200}>
        <Tooltip.Root>
          <Tooltip.Trigger asChild>
            <label>
              <input
                type="checkbox"
                checked={releaseOnly}
                aria-describedby={releaseOnly ? 'release-only-hint' : undefined}
                onChange={(e) => setReleaseOnly(e.target.checked)}
              />{' '}
              Release versions only
            </label>
          </Tooltip.Trigger>
          {releaseOnly && (
            <Tooltip.Portal>
              <Tooltip.Content className={styles.tooltip} sideOffset={4}>
                {RELEASE_ONLY_TOOLTIP}
              </Tooltip.Content>
            </Tooltip.Portal>
          )}
        </Tooltip.Root>
      </Tooltip.Provider>
      {releaseOnly && (
        <span id="release-only-hint" className={styles.meta}>
          {RELEASE_ONLY_TOOLTIP}
        </span>
      )}
    </aside>
  )
}
