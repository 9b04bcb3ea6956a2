/** Which logo the top bar shows, in the specification's order. */
export interface LogoInputs {
  /** A logo the user (admin) uploaded. */
  readonly userLogo?: string
  /** The logo URL configured on the server. */
  readonly configuredLogoUrl?: string
  /** Undefined until the platform has answered (its footer): the licence is not known yet. */
  readonly licenseType: string | undefined
  readonly tour: boolean
}

export type LogoSource =
  | { readonly kind: 'image'; readonly src: string }
  | { readonly kind: 'default'; readonly variant: 'tour' | 'oss' | 'licensed' }

const safeImage = (src: string | undefined): src is string =>
  src !== undefined && (/^https?:\/\//i.test(src) || (src.startsWith('/') && !src.startsWith('//')))

export function logoSource(inputs: LogoInputs): LogoSource {
  if (safeImage(inputs.userLogo)) return { kind: 'image', src: inputs.userLogo }
  if (safeImage(inputs.configuredLogoUrl)) return { kind: 'image', src: inputs.configuredLogoUrl }
  if (inputs.tour) return { kind: 'default', variant: 'tour' }
  // The licensed name ("Platform") while the licence is unknown: the words every default name
  // starts with, so the name does not read "Platform OSS" and then change (a layout shift).
  return { kind: 'default', variant: inputs.licenseType === 'N/A' ? 'oss' : 'licensed' }
}
