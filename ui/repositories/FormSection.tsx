/**
 * A part of the repository form: its title and what it is for on the left, its fields on the
 * right (one column when narrow), so a long form reads as a few named steps with their help
 * beside them, not a bare column of inputs.
 */
import { useId, type ReactNode } from 'react'
import styles from './repositories.module.css'

export function FormSection({
  title,
  help,
  children,
}: {
  readonly title: string
  readonly help: ReactNode
  readonly children: ReactNode
}) {
  const id = useId()
  return (
    <section aria-labelledby={id} className={styles.formSection}>
      <div className={styles.sectionText}>
        <h2 id={id} className={styles.sectionTitle}>
          {title}
        </h2>
        <p className={styles.sectionHelp}>{help}</p>
      </div>
      <div className={styles.sectionFields}>{children}</div>
    </section>
  )
}
