// The top bar's project selector (spec 000 section 2): all projects, or one of the projects
// the user belongs to; a project administrator's choice of one project swaps the
// Administration sidebar for Project settings. The choice is remembered per user.
import { useDispatch, useQuery } from '../shared/appContext'
import styles from './projectSelector.module.css'

const ALL = ''

export function ProjectSelector() {
  const platform = useQuery({ type: 'platform/State' })
  const nav = useQuery({ type: 'navigation/State' })
  const dispatch = useDispatch()
  if (platform.projects.length === 0) return null
  return (
    <label className={styles.selector}>
      <span className={styles.label}>Project</span>
      <select
        className={styles.select}
        value={nav.selectedProject ?? ALL}
        onChange={(e) =>
          dispatch(
            e.target.value === ALL
              ? { type: 'navigation/SelectProject' }
              : { type: 'navigation/SelectProject', key: e.target.value },
          )
        }
      >
        <option value={ALL}>All projects</option>
        {platform.projects.map((p) => (
          <option key={p.key} value={p.key}>
            {p.name}
          </option>
        ))}
      </select>
    </label>
  )
}
