/**
 * The rules of the git integration's repository selection (ui/integrations/SelectRepos.tsx):
 * whether the choice differs from the platform's, the "All repositories" box's state, a
 * repository's box toggled, and the selection as the SaveRepoSelection command takes it.
 */

/** Whether the chosen repositories differ from the saved ones. */
export const selectionChanged = (saved: ReadonlySet<string>, chosen: ReadonlySet<string>): boolean =>
  saved.size !== chosen.size || [...chosen].some((n) => !saved.has(n))

/** The "All repositories" box: none, all, or some of the listed ones chosen. */
export const allChosenState = (chosen: ReadonlySet<string>, listed: number): boolean | 'indeterminate' =>
  chosen.size === 0 ? false : chosen.size === listed ? true : 'indeterminate'

/** The choice with one repository's box set on or off. */
export function withRepo(chosen: ReadonlySet<string>, name: string, on: boolean): ReadonlySet<string> {
  const next = new Set(chosen)
  if (on) next.add(name)
  else next.delete(name)
  return next
}

/** The selection the command takes: the names, sorted. */
export const selectionToSave = (chosen: ReadonlySet<string>): string[] => [...chosen].sort()
