import { Link } from 'wouter'
import { logoSource } from '../../domain/navigation'
import { useQuery } from '../shared/appContext'
import styles from './layout.module.css'

const DEFAULT_TEXT = { tour: 'Platform Tour', oss: 'Platform OSS', licensed: 'Platform' } as const

/** Logo order: the user's logo, the configured logo URL, then the default for the licence or tour. */
export function Logo() {
  const ctx = useQuery({ type: 'navigation/Context' })
  const source = logoSource({
    licenseType: ctx.licenseType,
    tour: ctx.flavour === 'tour',
    ...(ctx.userLogo ? { userLogo: ctx.userLogo } : {}),
    ...(ctx.configuredLogoUrl ? { configuredLogoUrl: ctx.configuredLogoUrl } : {}),
  })
  return (
    <Link href="/" className={styles.logo} aria-label="Home">
      {source.kind === 'image' ? (
        <img src={source.src} alt="" height={28} />
      ) : (
        <span data-variant={source.variant}>{DEFAULT_TEXT[source.variant]}</span>
      )}
    </Link>
  )
}
