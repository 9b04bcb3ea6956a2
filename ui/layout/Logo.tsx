import { Link } from 'wouter'
import { DEFAULT_TEXT, Mark, useLogoSource } from '../shared/Logo'
import styles from './layout.module.css'

/** The top bar's logo (ui/shared/Logo.tsx says which), a link home. */
export function Logo() {
  const source = useLogoSource()
  return (
    // The name starts with the words shown (WCAG 2.5.3, label in name); an image logo has none.
    <Link
      href="/"
      className={styles.logo}
      aria-label={source.kind === 'image' ? 'Home' : `${DEFAULT_TEXT[source.variant]} home`}
    >
      {source.kind === 'image' ? (
        <img src={source.src} alt="" height={28} className={styles.logoImage} />
      ) : (
        <>
          <Mark className={styles.mark} />
          <span className={styles.productName} data-variant={source.variant}>
            {DEFAULT_TEXT[source.variant]}
          </span>
        </>
      )}
    </Link>
  )
}
