// Global roles: the platform has no API for them, so this page says so and shows, read-only,
// the project roles it does know (server/API.md, project members).
import { PROJECT_ROLES } from '../../domain/admin'
import { ManagementNav, Toolbar } from './shared'
import { Badge } from '../shared/kit/Surface'
import kit from '../shared/kit/page.module.css'
import surface from '../shared/kit/surface.module.css'
import styles from './admin.module.css'

export function GlobalRoles() {
  return (
    <section aria-labelledby="page-title" className={kit.page}>
      <Toolbar title="Global Roles" />
      <ManagementNav current="Global Roles" />
      <p role="note" className={styles.muted}>
        This platform does not manage global roles: there is nothing to create or change here. The roles it
        knows are the project roles below, given to members on each project’s Members page.
      </p>
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
