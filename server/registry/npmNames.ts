/**
 * The npm registry's package-name rule (what `validate-npm-package-name` accepts for new
 * packages): at most 214 characters, lower case, URL-safe, not starting with a dot or an
 * underscore, optionally scoped as `@scope/name`.
 */
const PART = /^[a-z0-9-~][a-z0-9-._~]*$/

export function npmNameProblem(name: string): string | undefined {
  if (name.length === 0) return 'name length must be greater than zero'
  if (name.length > 214) return 'name can no longer contain more than 214 characters'
  if (name !== name.toLowerCase()) return 'name can no longer contain capital letters'
  if (name.trim() !== name) return 'name cannot contain leading or trailing spaces'
  const scoped = /^@([^/]+)\/([^/]+)$/.exec(name)
  const parts = scoped ? [scoped[1]!, scoped[2]!] : [name]
  if (!scoped && name.includes('/')) return 'name can only contain URL-friendly characters'
  for (const part of parts) {
    if (part.startsWith('.')) return 'name cannot start with a period'
    if (part.startsWith('_')) return 'name cannot start with an underscore'
    if (!PART.test(part)) return 'name can only contain URL-friendly characters'
  }
  if (name === 'node_modules' || name === 'favicon.ico') return `${name} is not a valid package name`
  return undefined
}
