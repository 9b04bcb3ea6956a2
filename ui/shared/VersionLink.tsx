// A version, a build's run or a git repository as the scanner names them (`npm://name@1.0.0`,
// `build://name/number`), linked to its page where it has one: the same link on the security
// screens and on a build's page.
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { versionRouteOf } from '../../domain/xray'
import { buildPath } from '../../domain/builds/rules'
import { versionPath } from './packageLinks'
import styles from './versionLink.module.css'

/** A build's run as the scanner names it (`build://name/number`): its name and number. */
export const buildOf = (id: string) => /^build:\/\/([^/]+)\/([^/]+)$/.exec(id)

export function VersionLink({ versionId }: { readonly versionId: string }) {
  const route = versionRouteOf(versionId)
  const build = buildOf(versionId)
  const text = breakable(versionId.replace(/^[a-z]+:\/\//, ''))
  if (build) return <Link href={buildPath(build[1]!, build[2]!)}>{text}</Link>
  return route ? <Link href={versionPath(route.packageId, route.version)}>{text}</Link> : <>{text}</>
}

/**
 * A scoped name and version with places to break a line: after a `/` and before the version's
 * `@` (`@babel/` `core` `@7.29.13`), and only there: each part is kept whole, as a browser would
 * otherwise break a name at its hyphens first (`@asamuzakjp/css-` `color@5.1.11`).
 */
function breakable(name: string): ReactNode[] {
  return name.split(/(?<=\/)|(?<=.)(?=@)/).flatMap((part, i) => {
    const whole = (
      <span key={`p${i}`} className={styles.nowrap}>
        {part}
      </span>
    )
    return i === 0 ? [whole] : [<wbr key={i} />, whole]
  })
}
