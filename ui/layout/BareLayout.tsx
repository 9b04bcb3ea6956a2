import type { ReactNode } from 'react'
import styles from './bare.module.css'

/** The login family: no chrome. Also what the main layout falls back to if its chunk fails. */
export function BareLayout({ children }: { children: ReactNode }) {
  return <main className={styles.bare}>{children}</main>
}
