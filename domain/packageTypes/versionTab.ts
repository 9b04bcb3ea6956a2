/** The default version tab of a package (spec 001 section 2), for the packages queries. */

/** Lead-file extensions whose packages carry a readme (spec 001 section 2). */
export const README_EXTENSIONS: ReadonlyArray<string> = [
  'tgz',
  'gz',
  'zip',
  'jar',
  'war',
  'nupkg',
  'crate',
  'apk',
  'whl',
  'egg',
  'mod',
]

export type VersionTab = 'readme' | 'dockerLayers' | 'builds'

function extensionOf(path: string): string {
  const file = path.slice(path.lastIndexOf('/') + 1)
  const dot = file.lastIndexOf('.')
  return dot < 0 ? '' : file.slice(dot + 1).toLowerCase()
}

const isDocker = (packageType: string) => packageType.trim().toLowerCase() === 'docker'

/** The version tabs a package type has: Docker Layers only where there are layers (docker). */
export function versionTabsOf(packageType: string): ReadonlyArray<VersionTab> {
  return isDocker(packageType) ? ['readme', 'builds', 'dockerLayers'] : ['readme', 'builds']
}

/** Readme when the lead file has a readme extension, docker layers for docker, builds otherwise. */
export function defaultVersionTab(input: {
  readonly packageType: string
  readonly leadFilePath?: string | null
}): VersionTab {
  const ext = typeof input.leadFilePath === 'string' ? extensionOf(input.leadFilePath) : ''
  if (ext !== '' && README_EXTENSIONS.includes(ext)) return 'readme'
  // No alias names docker (a unit test checks it), so this is what canonicalPackageType would
  // answer, without its alias table in the login page's bundle (queries/packages.ts needs this).
  if (isDocker(input.packageType)) return 'dockerLayers'
  return 'builds'
}
