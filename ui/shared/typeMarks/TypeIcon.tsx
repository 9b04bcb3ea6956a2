/** A package type's mark, as the packages and repositories screens draw it beside a type's name. */
import { BrandMark } from '../kit/BrandMark'
import { useTypeMark } from './typeMark'
import styles from './typeIcon.module.css'

/** The mark of a package type (beside its name, so hidden from assistive technology). */
export function TypeIcon({ type, size = 18 }: { type: string; size?: number }) {
  return <BrandMark spec={useTypeMark(type)} size={size} className={styles.typeIcon} />
}
