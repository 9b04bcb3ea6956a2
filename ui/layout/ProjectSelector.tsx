// The top bar's project selector (spec 000 section 2): all projects, or one of the projects
// the user belongs to; a project administrator's choice of one project swaps the
// Administration sidebar for Project settings. The choice is remembered per user.
import { useId } from 'react'
import { useDispatch, useQuery } from '../shared/appContext'
import { Select } from '../shared/kit/Select'
import styles from './projectSelector.module.css'

const ALL = ''

export function ProjectSelector() {
  const platform = useQuery({ type: 'platform/State' })
  const nav = useQuery({ type: 'navigation/State' })
  const dispatch = useDispatch()
  const id = useId()
  if (platform.projects.length === 0) return null
  return (
    <span className={styles.selector}>
      <label htmlFor={id} className={styles.label}>
        Project
      </label>
      <Select
        id={id}
        className={styles.select}
        value={nav.selectedProject ?? ALL}
        onValueChange={(key) =>
          dispatch(
            key === ALL ? { type: 'navigation/SelectProject' } : { type: 'navigation/SelectProject', key },
          )
        }
        options={[
          { value: ALL, label: 'All projects' },
          ...platform.projects.map((p) => ({ value: p.key, label: p.name })),
        ]}
      />
    </span>
  )
}
