/** Pieces of the package and version details (their own chunks): back link, install command, copyable values. */
import { useRef, useState } from 'react'
import { Link } from 'wouter'
import { isSome } from 'fp-ts/Option'
import { ArrowLeft, Check, Copy } from 'lucide-react'
import { useQuery } from '../shared/appContext'
import { isSearching, searchModelToQuery } from '../../domain/search'
import { installCommand } from '../../domain/packageTypes'
import { Button } from '../shared/kit/Button'
import { BreakAfter, Skeleton } from '../shared/kit/Surface'
import kit from '../shared/kit/page.module.css'
import styles from './details.module.css'

/** Back to the list: to the search the bar holds (kept while browsing its results), or to all packages. */
export function BackToResults() {
  const bar = useQuery({ type: 'search/Bar' })
  const query = bar.type === 'packages' && isSearching(bar.model) ? searchModelToQuery(bar.model) : ''
  return (
    <Link href={query ? `/packages?${query}` : '/packages'} className={styles.back}>
      <ArrowLeft size={14} aria-hidden />
      {query ? 'Back to results' : 'All packages'}
    </Link>
  )
}

/** The platform's OCI registry for a repository: this console's host (it serves the registry too). */
const registryOf = (repoKey: string | undefined) =>
  repoKey && typeof window !== 'undefined' ? `${window.location.host}/${repoKey}` : undefined

export function InstallCommand({
  type,
  name,
  version,
  repoKey,
}: {
  type: string
  name: string
  version?: string
  /** The repository the version is in (names the helm OCI registry). */
  repoKey?: string
}) {
  const command = installCommand(type, name, version ?? undefined, registryOf(repoKey))
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle')
  const code = useRef<HTMLElement>(null)
  if (!isSome(command)) return null
  const text = command.value
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard')
      await navigator.clipboard.writeText(text)
      setCopied('copied')
    } catch {
      // No clipboard access (an insecure origin, a refused permission): select the command so
      // the keyboard's copy takes exactly it.
      const selection = window.getSelection()
      if (code.current && selection) selection.selectAllChildren(code.current)
      setCopied('failed')
    }
  }
  return (
    <section aria-label="Install command" className={styles.install}>
      <code data-testid="install-command" ref={code} className={styles.installCode}>
        {/* Lines break after a space, a slash, a colon or an at sign, never inside a name. */}
        <span>
          <BreakAfter text={text} after=" /:@" />
        </span>
      </code>
      <Button
        icon={copied === 'copied' ? <Check size={16} aria-hidden /> : <Copy size={16} aria-hidden />}
        onClick={() => void copy()}
      >
        Copy install command
      </Button>
      <span role="status" className={styles.copyStatus}>
        {copied === 'copied'
          ? 'Install command copied to the clipboard'
          : copied === 'failed'
            ? 'Could not copy: the command is selected, press Ctrl+C to copy it'
            : ''}
      </span>
    </section>
  )
}

/** Lines in the shape of text (a README) while it loads, with one status for screen readers. */
export function TextSkeleton({ label }: { label: string }) {
  return (
    <div role="status" className={styles.textSkeleton}>
      <span className={kit.srOnly}>{label}</span>
      <Skeleton width="45%" height="1.25rem" />
      <Skeleton width="100%" />
      <Skeleton width="92%" />
      <Skeleton width="70%" />
    </div>
  )
}
