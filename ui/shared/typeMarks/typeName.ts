/**
 * A package type's name as its tool writes it (Maven, PyPI, npm, Git LFS), for captions and
 * choices. The canonical id (`pypi`) stays what a user types in a search (`type:pypi`) and what
 * the platform stores; a type not listed shows its id.
 */
const NAMES: Readonly<Record<string, string>> = {
  alpine: 'Alpine',
  cargo: 'Cargo',
  chef: 'Chef',
  cocoapods: 'CocoaPods',
  composer: 'Composer',
  conan: 'Conan',
  conda: 'Conda',
  cran: 'CRAN',
  debian: 'Debian',
  docker: 'Docker',
  gems: 'Gems',
  generic: 'Generic',
  gitlfs: 'Git LFS',
  go: 'Go',
  gradle: 'Gradle',
  helm: 'Helm',
  // In words, so that it wraps between them: a tile holds about twelve letters a line at 1024 px.
  huggingfacemlmodel: 'Hugging Face ML',
  // The search's groups (models and datasets together).
  huggingfaceml: 'Hugging Face',
  frogml: 'FrogML',
  ivy: 'Ivy',
  maven: 'Maven',
  npm: 'npm',
  nuget: 'NuGet',
  opkg: 'Opkg',
  pub: 'Pub',
  puppet: 'Puppet',
  pypi: 'PyPI',
  releasebundles: 'Release Bundles',
  rpm: 'RPM',
  sbt: 'SBT',
  swift: 'Swift',
  terraform: 'Terraform',
  vagrant: 'Vagrant',
}

export const typeName = (type: string): string =>
  Object.prototype.hasOwnProperty.call(NAMES, type) ? NAMES[type]! : type
