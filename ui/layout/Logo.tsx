import { Link } from 'wouter'
import { logoSource } from '../../domain/navigation'
import { useQuery } from '../shared/appContext'
import styles from './layout.module.css'

const DEFAULT_TEXT = { tour: 'Platform Tour', oss: 'Platform OSS', licensed: 'Platform' } as const

/** The default mark: three stacked boxes, in the accent colour of the header. */
function Mark() {
  return (
    <svg className={styles.mark} viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="currentColor" opacity="0.16" />
      <path
        d="M16 6 25 11v10l-9 5-9-5V11z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path
        d="m7 11 9 5 9-5M16 16v10"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  )
}

/**
 * Logo order (spec 000 section 6): the user's logo, the configured logo URL, then the default
 * for the licence or tour, which is the mark with the product name.
 */
export function Logo() {
  const ctx = useQuery({ type: 'navigation/Context' })
  const source = logoSource({
    licenseType: ctx.licenseType,
    tour: ctx.flavour === 'tour',
    ...(ctx.userLogo ? { userLogo: ctx.userLogo } : {}),
    ...(ctx.configuredLogoUrl ? { configuredLogoUrl: ctx.configuredLogoUrl } : {}),
  })
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
          <Mark />
          <span className={styles.productName} data-variant={source.variant}>
            {DEFAULT_TEXT[source.variant]}
          </span>
        </>
      )}
    </Link>
  )
}
