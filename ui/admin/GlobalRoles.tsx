// Global roles: the platform has no API for them, so this page says so and shows, read-only,
// the project roles it does know (server/API.md, project members).
import { PROJECT_ROLES } from '../../domain/admin'
import { Toolbar } from './shared'
import { ManagementNav } from '../shared/ManagementNav'
import { Badge } from '../shared/kit/Surface'
import kit from '../shared/kit/page.module.css'
import surface from '../shared/kit/surface.module.css'
import styles from './admin.module.css'

export function GlobalRoles() {
  return (
    <section aria-labelledby="page-title" className={kit.page}>
      <Toolbar
        title="Global Roles"
        description="No global roles here: a project's Members page gives members the project roles below."
      />
      <ManagementNav current="Global Roles" />
      <div className={surface.card}>
        <h2 id="project-roles" className={surface.cardTitle}>
          Project roles (read-only)
        </h2>
        <ul aria-labelledby="project-roles" className={styles.roleList}>
          {PROJECT_ROLES.map((role) => (
            <li key={role}>
              <Badge>{role}</Badge>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
