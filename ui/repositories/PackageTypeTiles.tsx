/**
 * The package type of a new repository as a grid of tiles, each with its type's mark, as the
 * peers' create forms offer it: one radio group (arrow keys move between types), every type in
 * sight rather than behind a list box's scroll.
 */
import { memo, type ReactNode } from 'react'
import * as RRadio from '@radix-ui/react-radio-group'
import { typeName } from '../shared/typeMarks/typeName'
import styles from './repositories.module.css'

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
        const caption = typeName(t)
        return (
          // The name is the caption shown (a spoken command finds it).
          <RRadio.Item key={t} value={t} aria-label={caption} className={styles.tile}>
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
