/** The artifact search's switch between its two kinds (the search bar, with artifact search). */
import * as Radio from '@radix-ui/react-radio-group'
import type { ArtifactsSearchType } from '../../domain/search/model'
import styles from './search.module.css'

/** The artifact search's two kinds, as the bar's switch names them. */
const ARTIFACT_SEARCH_KINDS: ReadonlyArray<{ value: ArtifactsSearchType; label: string; title: string }> = [
  { value: 'Quick', label: 'Quick', title: 'Stored files by name' },
  {
    value: 'Archive',
    label: 'Archive',
    title: 'Files inside archives (jar, zip, tar.gz, npm tarballs) by name',
  },
]

export default function ArtifactKinds({
  value,
  onValueChange,
}: {
  readonly value: ArtifactsSearchType
  readonly onValueChange: (value: ArtifactsSearchType) => void
}) {
  return (
    <Radio.Root
      aria-label="Artifact search"
      className={styles.kind}
      orientation="horizontal"
      value={value}
      onValueChange={(v) => onValueChange(v as ArtifactsSearchType)}
    >
      {ARTIFACT_SEARCH_KINDS.map((k) => (
        <Radio.Item key={k.value} value={k.value} className={styles.kindItem} title={k.title}>
          {k.label}
        </Radio.Item>
      ))}
    </Radio.Root>
  )
}
