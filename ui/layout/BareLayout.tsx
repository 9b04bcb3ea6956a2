import type { ReactNode } from 'react'
import { Mark, useBrandName, useLogoSource } from '../shared/Logo'
import styles from '../shared/bare.module.css'

/** The login family's logo above its screens (ui/shared/Logo.tsx says which). */
function BareLogo() {
  const source = useLogoSource()
  const name = useBrandName()
  return (
    <div className={styles.logo}>
      {source.kind === 'image' ? (
        <img src={source.src} alt={name} className={styles.logoImage} />
      ) : (
        <>
          <Mark />
          {name}
        </>
      )}
    </div>
  )
}

/**
 * The login family: no chrome, the logo above the screen (`logo`). Also what the main layout
 * falls back to while its chunk loads or if it fails (no logo: the top bar draws it).
 */
export function BareLayout({ children, logo = false }: { children: ReactNode; logo?: boolean }) {
  return (
    <main className={styles.bare}>
      {logo ? <BareLogo /> : null}
      {children}
    </main>
  )
}
