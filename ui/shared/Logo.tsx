/**
 * The logo in the specification's order (spec 000 section 6): the user's logo, the configured
 * logo URL, then the default for the licence or tour, which is the mark with the product name.
 * The top bar links it home (ui/layout/Logo.tsx); the login family shows it above its screens
 * (ui/layout/BareLayout.tsx).
 */
import { logoSource, type LogoSource } from '../../domain/navigation/logo'
import { useQuery } from './appContext'

const EDITION = { tour: ' Tour', oss: ' OSS', licensed: '' } as const

/**
 * The brand's words: the server name the general settings give, with the edition the default
 * logo stands for. "Platform" (what every name starts with by default) until the platform has
 * answered, so the top bar does not read one name and then another.
 */
export function useBrandName(): string {
  const ctx = useQuery({ type: 'navigation/Context' })
  const footer = useQuery({ type: 'platform/State' }).footer
  const name = footer?.serverName.trim() || 'Platform'
  const source = logoSource({
    licenseType: footer !== null ? ctx.licenseType : undefined,
    tour: ctx.flavour === 'tour',
  })
  return source.kind === 'default' ? `${name}${EDITION[source.variant]}` : name
}

export function useLogoSource(): LogoSource {
  const ctx = useQuery({ type: 'navigation/Context' })
  const known = useQuery({ type: 'platform/State' }).footer !== null
  return logoSource({
    licenseType: known ? ctx.licenseType : undefined,
    tour: ctx.flavour === 'tour',
    ...(ctx.userLogo ? { userLogo: ctx.userLogo } : {}),
    ...(ctx.configuredLogoUrl ? { configuredLogoUrl: ctx.configuredLogoUrl } : {}),
  })
}

/** The default mark: three stacked boxes, in the colour of its container. */
export function Mark({ className }: { readonly className?: string }) {
  return (
    <svg className={className} viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="currentColor" opacity="0.16" />
      <path
        d="M16 6 25 11v10l-9 5-9-5V11zM7 11l9 5 9-5M16 16v10"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  )
}
