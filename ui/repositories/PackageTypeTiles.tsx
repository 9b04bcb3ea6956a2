/**
 * The package type of a new repository as a grid of tiles, each with its type's mark, as the
 * peers' create forms offer it: one radio group (arrow keys move between types), every type in
 * sight rather than behind a list box's scroll.
 */
import { memo, type ReactNode } from 'react'
import * as RRadio from '@radix-ui/react-radio-group'
import styles from './repositories.module.css'

/**
 * A tile's caption where the type's name runs words together: at 1024 px a tile holds about
 * twelve letters a line, and 'huggingfacemlmodel' broke mid-word ('huggingfaceml' over 'model').
 * Written in words it wraps between them; the radio keeps the name a user types (`type:`).
 */
const CAPTIONS: Readonly<Record<string, string>> = {
  huggingfacemlmodel: 'Hugging Face ML',
}

const captionOf = (type: string): string =>
  Object.prototype.hasOwnProperty.call(CAPTIONS, type) ? CAPTIONS[type]! : type

function Tiles<T extends string>({
  types,
  value,
  onValueChange,
  invalid,
  icon,
}: {
  readonly types: ReadonlyArray<T>
  /** A type's mark (the packages list's), drawn over its name. */
  readonly icon: (type: T) => ReactNode
  readonly value: T
  readonly onValueChange: (type: T) => void
  readonly invalid?: boolean
}) {
  return (
    <RRadio.Root
      aria-label="Package type"
      aria-invalid={invalid ? true : undefined}
      className={styles.tiles}
      value={value}
      onValueChange={(v) => onValueChange(v as T)}
      loop
    >
      {types.map((t) => {
        const caption = captionOf(t)
        return (
          // The name holds the caption shown (a spoken command finds it) and the type's own name.
          <RRadio.Item
            key={t}
            value={t}
            aria-label={caption === t ? t : `${caption} (${t})`}
            className={styles.tile}
          >
            {icon(t)}
            <span className={styles.tileName}>{caption}</span>
          </RRadio.Item>
        )
      })}
    </RRadio.Root>
  )
}

/** Drawn again only when the choice changes, not on each key typed in the form's other fields. */
export const PackageTypeTiles = memo(Tiles) as typeof Tiles
