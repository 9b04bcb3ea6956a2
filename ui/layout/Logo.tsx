import { Link } from 'wouter'
import { Mark, useBrandName, useLogoSource } from '../shared/Logo'
import styles from './layout.module.css'

/** The top bar's logo (ui/shared/Logo.tsx says which) and the server's name, a link home. */
export function Logo() {
  const source = useLogoSource()
  const name = useBrandName()
  return (
    // The name starts with the words shown (WCAG 2.5.3, label in name).
    <Link href="/" className={styles.logo} aria-label={`${name} home`}>
      {source.kind === 'image' ? (
        <img src={source.src} alt="" height={28} className={styles.logoImage} />
      ) : (
        <>
          <Mark className={styles.mark} />
          <span className={styles.productName} data-variant={source.variant}>
            {name}
          </span>
        </>
      )}
    </Link>
  )
}
