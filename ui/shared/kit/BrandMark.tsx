/**
 * A brand's mark (a package type's or a vendor's), drawn from a path of the simple-icons set that
 * scripts/brandMarks.mjs copies into the build, or a lettered tile in the brand's colour where
 * the set has no mark (brands that asked it to drop theirs). A small badge tells apart products
 * of one vendor. Always beside the name it stands for, so hidden from assistive technology.
 */
import type { LucideIcon } from 'lucide-react'
import styles from './brandMark.module.css'

export interface BrandMarkShape {
  readonly title: string
  /** The brand's colour, six hex digits without `#`. */
  readonly hex: string
  /** An SVG path on a 24 x 24 grid. */
  readonly path: string
}

/** What a name is drawn as: a mark of the set, letters on the brand's colour, or a plain icon. */
export type BrandMarkSpec =
  | {
      readonly kind: 'mark'
      readonly id: string
      readonly shape: BrandMarkShape
      readonly badge?: LucideIcon
    }
  | {
      readonly kind: 'letters'
      readonly id: string
      readonly letters: string
      readonly hex: string
      readonly badge?: LucideIcon
    }
  | { readonly kind: 'icon'; readonly id: string; readonly icon: LucideIcon }
  /** A mark still loading: its room, so nothing moves when it comes. */
  | { readonly kind: 'blank'; readonly id: string }

/** The relative luminance of a `rrggbb` colour (WCAG 2). */
export function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4)
}

/** Below this luminance a colour shows under 3:1 on the dark theme's surfaces (about #15181e). */
const DARK_BRAND = 0.145

/**
 * The colour a mark is painted in: the brand's, except near-black and near-white marks, which
 * take the text colour so they show on the dark theme's surfaces and the light one's alike.
 * A dark brand colour (Debian's red, NuGet's blue) fell under 3:1 on the dark theme's surfaces:
 * there it is mixed with white, the same hue made light enough to stand out.
 */
export function markColour(hex: string): string {
  const l = luminance(hex)
  if (l < 0.05 || l > 0.85) return 'currentColor'
  if (l < DARK_BRAND) return `light-dark(#${hex}, color-mix(in srgb, #${hex} 60%, white))`
  return `#${hex}`
}

export function BrandMark({
  spec,
  size = 18,
  className,
}: {
  spec: BrandMarkSpec
  size?: number
  className?: string
}) {
  const classes = [styles.mark, className].filter(Boolean).join(' ')
  if (spec.kind === 'icon') {
    const Icon = spec.icon
    return (
      <span className={classes} data-mark={spec.id} aria-hidden="true">
        <Icon size={size} strokeWidth={1.75} />
      </span>
    )
  }
  if (spec.kind === 'blank')
    return (
      <span
        className={classes}
        data-mark={spec.id}
        aria-hidden="true"
        style={{ width: size, height: size }}
      />
    )
  const Badge = spec.badge
  return (
    <span className={classes} data-mark={spec.id} aria-hidden="true" style={{ width: size, height: size }}>
      {spec.kind === 'mark' ? (
        // A style, not the fill attribute: the attribute does not take light-dark().
        <svg viewBox="0 0 24 24" width={size} height={size} style={{ fill: markColour(spec.shape.hex) }}>
          <path d={spec.shape.path} />
        </svg>
      ) : (
        // The letters are drawn by CSS (attr()), so they are no part of the name's text content.
        <span
          className={styles.letters}
          data-letters={spec.letters}
          style={{
            background: `#${spec.hex}`,
            color: luminance(spec.hex) > 0.4 ? '#111' : '#fff',
            fontSize: size * (spec.letters.length > 2 ? 0.36 : 0.46),
          }}
        />
      )}
      {Badge && (
        <span className={styles.badge}>
          <Badge size={Math.max(10, Math.round(size * 0.45))} strokeWidth={2.25} />
        </span>
      )}
    </span>
  )
}
