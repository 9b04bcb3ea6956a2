/**
 * The kit's Skeleton, in a module of its own (Surface.tsx re-exports it): the login family's
 * loading states use it from the login page's first load, without the rest of the surfaces.
 */
import type { CSSProperties } from 'react'
import styles from './skeleton.module.css'

/** A grey placeholder in the shape of what is coming; hidden from assistive technology. */
export function Skeleton({
  width = '100%',
  height = '0.875rem',
  radius,
}: {
  readonly width?: string
  readonly height?: string
  readonly radius?: string
}) {
  // React leaves out a style whose value is undefined (no radius: the stylesheet's).
  const style: CSSProperties = { width, height, borderRadius: radius }
  return <span className={styles.skeleton} style={style} aria-hidden="true" data-skeleton="" />
}
