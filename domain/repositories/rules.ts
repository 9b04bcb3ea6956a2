/**
 * Repository rules shared by the console's forms and the platform server: the key rule (the
 * one quick setup's client flow already uses), the kinds, the package types a repository can
 * hold, and the form validated into a repository definition (problems per field as message
 * keys, RepositoryMessage, or the valid value).
 */
import { left, right, type Either } from 'fp-ts/Either'
import { canonicalPackageType } from '../packageTypes'
import { isRepoKey } from '../quickSetup'
import { isRefusedHost } from '../shared/refusedHost'
import type { RepositoryMessage } from './messages'

export type { RepositoryMessage }

export { isRepoKey }

export const REPOSITORY_KINDS = ['local', 'remote', 'virtual'] as const
export type RepositoryKind = (typeof REPOSITORY_KINDS)[number]

/** Package types a repository can be created for (canonical names). */
export const REPOSITORY_PACKAGE_TYPES = [
  'alpine',
  'cargo',
  'chef',
  'cocoapods',
  'composer',
  'conan',
  'conda',
  'cran',
  'debian',
  'docker',
  'gems',
  'generic',
  'gitlfs',
  'go',
  'gradle',
  'helm',
  'huggingfacemlmodel',
  'ivy',
  'maven',
  'npm',
  'nuget',
  'opkg',
  'pub',
  'puppet',
  'pypi',
  'rpm',
  'sbt',
  'swift',
  'terraform',
  'vagrant',
] as const

/** Package types whose client traffic this platform really serves (the others are records only). */
export const SERVED_PACKAGE_TYPES: readonly string[] = ['npm', 'generic']

const MANDATORY: RepositoryMessage = { key: 'mandatory' }
const INVALID_URL: RepositoryMessage = { key: 'invalidUrl' }
export const MAX_REPOSITORY_KEY = 64

/** What a repository form holds, as typed. */
export interface RepositoryForm {
  readonly key: string
  readonly kind: RepositoryKind
  readonly packageType: string
  readonly description: string
  readonly includesPattern: string
  readonly excludesPattern: string
  readonly url: string
  readonly members: readonly string[]
  readonly defaultDeploymentRepo: string
}

/** A blank form of a kind (npm by default), as a create page opens it. */
export const emptyRepositoryForm = (
  kind: RepositoryKind,
  over: Partial<RepositoryForm> = {},
): RepositoryForm => ({
  key: '',
  kind,
  packageType: 'npm',
  description: '',
  includesPattern: '',
  excludesPattern: '',
  url: '',
  members: [],
  defaultDeploymentRepo: '',
  ...over,
})

/** A valid repository definition (trimmed; fields of other kinds dropped). */
export interface RepositoryDefinition {
  readonly key: string
  readonly kind: RepositoryKind
  readonly packageType: string
  readonly description: string
  readonly includesPattern: string
  readonly excludesPattern: string
  readonly url: string | null
  readonly members: readonly string[]
  readonly defaultDeploymentRepo: string | null
}

export type RepositoryField = 'key' | 'packageType' | 'url' | 'members' | 'defaultDeploymentRepo'
export type RepositoryProblems = Partial<Record<RepositoryField, RepositoryMessage>>

/** What the validation needs to know about other repositories (kind and type by key). */
export type KnownRepositories = ReadonlyMap<string, { kind: RepositoryKind; packageType: string }>

export function keyProblem(key: string): RepositoryMessage | undefined {
  if (key.trim() === '') return MANDATORY
  if (key.length > MAX_REPOSITORY_KEY) return { key: 'repositoryKeyTooLong', max: MAX_REPOSITORY_KEY }
  return isRepoKey(key) ? undefined : { key: 'invalidName' }
}

/**
 * A remote's upstream address: http or https with a host that is not link-local or a cloud
 * metadata service's (in any spelling the URL parser reads as one), refused when saved as it is
 * when fetched.
 */
export function remoteUrlProblem(url: string): RepositoryMessage | undefined {
  if (url.trim() === '') return MANDATORY
  let parsed: URL
  try {
    parsed = new URL(url.trim())
  } catch {
    return INVALID_URL
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.hostname === '')
    return INVALID_URL
  return isRefusedHost(parsed.hostname) ? { key: 'refusedAddress' } : undefined
}

export const isRepositoryPackageType = (t: string): boolean =>
  (REPOSITORY_PACKAGE_TYPES as readonly string[]).includes(canonicalPackageType(t))

/**
 * The form as a definition, or its problems by field. Virtual members must exist, be of the
 * same type and not be the repository itself; the default deployment repository is a local member.
 */
export function validateRepositoryForm(
  form: RepositoryForm,
  known: KnownRepositories,
): Either<RepositoryProblems, RepositoryDefinition> {
  const problems: RepositoryProblems = {}
  const key = keyProblem(form.key)
  if (key) problems.key = key
  const packageType = canonicalPackageType(form.packageType)
  if (!isRepositoryPackageType(packageType)) problems.packageType = { key: 'choosePackageType' }
  if (form.kind === 'remote') {
    const url = remoteUrlProblem(form.url)
    if (url) problems.url = url
  }
  const members = form.kind === 'virtual' ? form.members : []
  if (form.kind === 'virtual') {
    if (members.length === 0) problems.members = { key: 'membersNeeded' }
    else if (members.includes(form.key)) problems.members = { key: 'selfMember' }
    else if (members.some((m) => known.get(m)?.packageType !== packageType))
      problems.members = { key: 'memberTypeDiffers' }
    const deploy = form.defaultDeploymentRepo.trim()
    if (deploy !== '' && (!members.includes(deploy) || known.get(deploy)?.kind !== 'local'))
      problems.defaultDeploymentRepo = { key: 'defaultDeploymentNotLocal' }
  }
  if (Object.keys(problems).length > 0) return left(problems)
  const deploy = form.defaultDeploymentRepo.trim()
  return right({
    key: form.key,
    kind: form.kind,
    packageType,
    description: form.description.trim(),
    includesPattern: form.includesPattern.trim() === '' ? '**/*' : form.includesPattern.trim(),
    excludesPattern: form.excludesPattern.trim(),
    url: form.kind === 'remote' ? form.url.trim() : null,
    members: [...new Set(members)],
    defaultDeploymentRepo: form.kind === 'virtual' && deploy !== '' ? deploy : null,
  })
}

/** The form fields a refused save names: a taken key is the key field's problem, in the platform's words. */
export function problemsOfRefusal(failure: {
  readonly code?: string
  readonly message: string
}): Record<string, RepositoryMessage> {
  return failure.code === 'EXISTS' ? { key: { key: 'platformSaid', text: failure.message } } : {}
}

/** The keys Quick Repository Creation makes for a package type: local, remote and the virtual over both. */
export function quickRepositoryKeys(packageType: string): { local: string; remote: string; virtual: string } {
  const t = canonicalPackageType(packageType)
  return { local: `${t}-local`, remote: `${t}-remote`, virtual: t }
}

/**
 * Default upstream address of a remote repository created by Quick Repository Creation. A type
 * with none here (alpine, generic…) gets no remote: one pointing at a made-up address would be a
 * repository that fails every fetch.
 */
export const QUICK_REMOTE_URLS: Readonly<Record<string, string>> = {
  npm: 'https://registry.npmjs.org',
  pypi: 'https://files.pythonhosted.org',
  maven: 'https://repo1.maven.org/maven2',
  docker: 'https://registry-1.docker.io',
  go: 'https://proxy.golang.org',
  helm: 'https://charts.helm.sh/stable',
  debian: 'https://deb.debian.org/debian',
}
