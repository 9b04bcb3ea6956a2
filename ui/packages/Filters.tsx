/**
 * The list's filters: package types, repositories, licences, severities (where a scanner runs),
 * dates, sort and the release-versions-only option. A change runs the search again (new URL, same bar).
 */
import { useLocation } from 'wouter'
import { Tooltip } from '../shared/kit/Tooltip'
import { useDispatch, useQuery } from '../shared/appContext'
import type { SearchModel } from '../../domain/search'
import { SEARCH_PACKAGE_TYPES, searchPackageTypeChoices } from '../../domain/packageTypes'
import { memo, useId, useState } from 'react'
import {
  chosenFilters,
  releaseOnlyPath,
  toggled,
  typeFilterChoices,
  validateListFilters,
  type ChosenFilter,
} from '../../domain/packages/filterForm'
import { typeName } from '../shared/typeMarks/typeName'
import { TypeIcon } from './common'
import { useValidatedForm } from '../shared/forms'
import { messageText } from '../shared/messages'
import { ChevronDown, SlidersHorizontal } from 'lucide-react'
import { Button } from '../shared/kit/Button'
import { Checkbox } from '../shared/kit/Checkbox'
import { DateField } from '../shared/kit/DateField'
import { Field, TextField } from '../shared/kit/Field'
import { Select } from '../shared/kit/Select'
import { kitText } from '../shared/kit/messages'
import { Badge, type Severity } from '../shared/kit/Surface'
import forms from '../shared/forms.module.css'
import kit from '../shared/kit/page.module.css'
import surface from '../shared/kit/surface.module.css'
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
// The severities in the chips' order; their words are the kit's (the SeverityChip's), worded once.
const SEVERITY_OPTIONS: ReadonlyArray<Severity> = ['critical', 'high', 'medium', 'low', 'info', 'unknown']
const SORT_OPTIONS = [
  { value: 'name', label: 'Name' },
  { value: 'created', label: 'Created' },
  { value: 'modified', label: 'Modified' },
] as const
const DIRECTION_OPTIONS = [
  { value: 'asc', label: 'Ascending' },
  { value: 'desc', label: 'Descending' },
] as const
export const RELEASE_ONLY_TOOLTIP = 'Only semver release versions will be shown'

/** A chosen filter's words in the folded column's list. */
function chosenText(filter: ChosenFilter): string {
  switch (filter.kind) {
    case 'type':
    case 'licence':
      return filter.value
    case 'repository':
      return `In ${filter.value}`
    case 'severity':
      return kitText({ key: 'severity', severity: filter.value as Severity })
    case 'after':
      return `Created after ${filter.day}`
    case 'before':
      return `Created before ${filter.day}`
    case 'releaseOnly':
      return 'Release versions only'
  }
}

/**
 * The list's filters: some 160 components (checkboxes, selects, date pickers), drawn again with
 * the list on each of its changes (loading, a page, the count) though their props had not
 * changed, four times before the first rows of a cold load. Their props change with the search.
 */
export const Filters = memo(function Filters({
  model,
  releaseOnly,
  search,
  scanner,
}: {
  model: SearchModel
  releaseOnly: boolean
  search: string
  /** Whether a scanner gives packages their severities: without one, no severity can be chosen. */
  scanner: boolean
}) {
  const dispatch = useDispatch()
  const [, navigate] = useLocation()
  const available = useQuery({ type: 'packages/PackageTypes' })
  const types = searchPackageTypeChoices(available.length > 0 ? available : DEFAULT_TYPES)
  const [allTypes, setAllTypes] = useState(false)
  const typeChoices = typeFilterChoices(types, model.packageTypes, allTypes, SEARCH_PACKAGE_TYPES)
  const chosenCount = model.packageTypes.length
  const run = (filters: Partial<SearchModel>) =>
    dispatch({ type: 'search/Run', model: { ...model, ...filters }, searchType: 'packages' })
  const lists = useValidatedForm(
    { repositories: model.repositories.join(', '), licenses: model.licenses.join(', ') },
    validateListFilters,
    messageText,
  )
  const text = (key: 'repositories' | 'licenses') => ({
    value: lists.values[key],
    onChange: (e: { target: { value: string } }) => lists.set({ [key]: e.target.value }),
  })
  const setReleaseOnly = (on: boolean) => navigate(releaseOnlyPath(search, on))
  const after = model.after?.slice(0, 10) ?? ''
  const before = model.before?.slice(0, 10) ?? ''
  const chosen = chosenFilters(model, releaseOnly)
  // Above the results (a narrow page), the filters fold under their title, closed while none is
  // chosen: drawn whole they stood some 1,400 px tall between the search and its first result.
  const [open, setOpen] = useState(chosen.length > 0)
  const bodyId = useId()

  return (
    <aside className={`${kit.raised} ${styles.panelColumn} ${styles.filters}`} aria-label="Filters">
      {/* Its title stays at the column's top, a line under it, while the filters scroll under it.
          Narrow, the title is the fold's button (the styles show one title or the other). */}
      <div className={styles.filtersHead}>
        <h2 className={`${surface.cardTitle} ${styles.wideOnly}`}>
          <SlidersHorizontal size={16} aria-hidden />
          Filters
        </h2>
        <h2 className={`${surface.cardTitle} ${styles.narrowOnly}`}>
          <button
            type="button"
            className={styles.foldButton}
            aria-expanded={open}
            aria-controls={bodyId}
            onClick={() => setOpen(!open)}
          >
            <SlidersHorizontal size={16} aria-hidden />
            Filters
            <ChevronDown size={16} aria-hidden className={styles.foldChevron} />
          </button>
        </h2>
        {chosen.length > 0 && (
          <ul aria-label="Chosen filters" className={`${styles.chosen} ${styles.narrowOnly}`}>
            {chosen.map((filter) => {
              const words = chosenText(filter)
              return (
                <li key={`${filter.kind}:${words}`}>
                  <Badge tone="accent">{words}</Badge>
                </li>
              )
            })}
          </ul>
        )}
      </div>
      <div id={bodyId} className={styles.filtersBody} data-open={open || undefined}>
        <fieldset className={styles.group}>
          <legend>Package type</legend>
          {/* The chosen types first, then a few others: a type chosen in the bar is always in sight,
            and the column stays shorter than the window until the user asks for every type. */}
          <div className={styles.typeChoices}>
            {typeChoices.shown.map((t, i) => (
              <div key={t} className={styles.typeChoice} data-chosen={i < chosenCount || undefined}>
                <Checkbox
                  // The mark between the box and the name, in the label (a click on it chooses the
                  // type): before the box, it stood apart from what it marks.
                  label={
                    <span className={forms.markedLabel}>
                      <TypeIcon type={t} size={14} />
                      {typeName(t)}
                    </span>
                  }
                  checked={model.packageTypes.includes(t)}
                  onCheckedChange={() => run({ packageTypes: toggled(model.packageTypes, t) })}
                />
              </div>
            ))}
          </div>
          {(typeChoices.hidden > 0 || allTypes) && (
            <Button variant="ghost" size="sm" aria-expanded={allTypes} onClick={() => setAllTypes(!allTypes)}>
              {allTypes ? 'Show fewer types' : `Show all ${types.length} types`}
            </Button>
          )}
        </fieldset>
        {scanner && (
          <fieldset className={styles.group}>
            <legend>Severity (at least one)</legend>
            <div className={styles.choices}>
              {SEVERITY_OPTIONS.map((severity) => (
                <Checkbox
                  key={severity}
                  label={kitText({ key: 'severity', severity })}
                  checked={model.severities.includes(severity)}
                  onCheckedChange={() => run({ severities: toggled(model.severities, severity) })}
                />
              ))}
            </div>
          </fieldset>
        )}
        <form onSubmit={lists.submit(run)}>
          <fieldset className={styles.group}>
            <legend>Repositories and licences</legend>
            <TextField label="Repositories" {...text('repositories')} placeholder="npm-remote, libs" />
            <TextField label="Licences" {...text('licenses')} placeholder="MIT, Apache-2.0" />
            <div className={styles.groupActions}>
              <Button type="submit" size="sm">
                Apply
              </Button>
            </div>
          </fieldset>
        </form>
        <fieldset className={styles.group}>
          <legend>Created</legend>
          <div className={styles.pair}>
            <DateField
              label="After"
              value={after}
              max={before || undefined}
              onValueChange={(day) => run({ after: day || null })}
            />
            <DateField
              label="Before"
              value={before}
              min={after || undefined}
              onValueChange={(day) => run({ before: day || null })}
            />
          </div>
        </fieldset>
        <fieldset className={styles.group}>
          <legend>Sort</legend>
          <div className={styles.pair}>
            <Field label="Sort by">
              <Select
                value={model.sortBy}
                onValueChange={(sortBy) => run({ sortBy })}
                options={SORT_OPTIONS}
                wide
              />
            </Field>
            <Field label="Direction">
              <Select
                value={model.sortType}
                onValueChange={(sortType) => run({ sortType })}
                options={DIRECTION_OPTIONS}
                wide
              />
            </Field>
          </div>
        </fieldset>
        <div className={styles.group}>
          <Tooltip content={releaseOnly && RELEASE_ONLY_TOOLTIP}>
            <span className={styles.tooltipAnchor}>
              <Checkbox
                label="Release versions only"
                checked={releaseOnly}
                aria-describedby={releaseOnly ? 'release-only-hint' : undefined}
                onCheckedChange={setReleaseOnly}
              />
            </span>
          </Tooltip>
          {/* The specification's tooltip, not a note on the page: the words show on hover and
            focus; screen readers get them as the box's description. */}
          {releaseOnly && (
            <span id="release-only-hint" className={kit.srOnly}>
              {RELEASE_ONLY_TOOLTIP}
            </span>
          )}
        </div>
      </div>
    </aside>
  )
})
