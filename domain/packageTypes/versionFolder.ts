/**
 * Package types whose every version has a folder of its own in a repository (spec 001 section 9,
 * "version-specific handling"): maven's, ivy's and gradle's `<group>/<artifact>/<version>/`,
 * docker's `<image>/<tag>/`, conan's recipe revision folder and helm OCI's chart tag. A version of
 * any other type is a single file beside its other versions. The platform answers a version's
 * builds and docker layers for the folder of such a version, as it does for its lead file.
 */
import { canonicalPackageType } from './canonical'

export const VERSION_SPECIFIC_TYPES: ReadonlyArray<string> = [
  'maven',
  'ivy',
  'gradle',
  'docker',
  'conan',
  'helmoci',
]

/** Whether a version of `packageType` is a folder of its own. */
export function isVersionSpecific(packageType: string): boolean {
  return VERSION_SPECIFIC_TYPES.includes(canonicalPackageType(packageType))
}

/**
 * The path that names a version: the folder its lead file is in for a version-specific type,
 * the lead file itself otherwise (and for a lead file at the repository's root, which has no
 * folder of its own).
 */
export function versionPathOf(packageType: string, leadFilePath: string): string {
  if (!isVersionSpecific(packageType)) return leadFilePath
  const slash = leadFilePath.lastIndexOf('/')
  return slash > 0 ? leadFilePath.slice(0, slash) : leadFilePath
}
