/** Which brand mark stands for each package type (canonical names; the tools' own marks). */
import { Archive, Boxes, Package } from 'lucide-react'
import { canonicalPackageType } from '../../domain/packageTypes'
import type { BrandMarkSpec } from '../shared/kit/BrandMark'
import { MARKS } from './typeMarks.gen'

const SLUGS: Readonly<Record<string, string>> = {
  alpine: 'alpinelinux',
  ansible: 'ansible',
  bower: 'bower',
  cargo: 'rust',
  chef: 'chef',
  cocoapods: 'cocoapods',
  composer: 'php',
  conan: 'conan',
  conda: 'anaconda',
  cran: 'r',
  debian: 'debian',
  docker: 'docker',
  dockerv1: 'docker',
  gems: 'rubygems',
  gitlfs: 'gitlfs',
  go: 'go',
  gradle: 'gradle',
  helm: 'helm',
  helmoci: 'helm',
  huggingfacemlmodel: 'huggingface',
  huggingfacemldataset: 'huggingface',
  huggingfaceml: 'huggingface',
  maven: 'apachemaven',
  npm: 'npm',
  nuget: 'nuget',
  oci: 'opencontainersinitiative',
  pub: 'dart',
  puppet: 'puppet',
  pypi: 'pypi',
  pip: 'pypi',
  releasebundles: 'jfrog',
  rpm: 'redhat',
  yum: 'redhat',
  swift: 'swift',
  terraform: 'terraform',
  terraformbackend: 'terraform',
  vagrant: 'vagrant',
}

/** The mark of a package type: its tool's brand, a box for generic files, a package otherwise. */
export function typeMark(type: string): BrandMarkSpec {
  const canonical = canonicalPackageType(type)
  const slug = Object.prototype.hasOwnProperty.call(SLUGS, canonical) ? SLUGS[canonical] : undefined
  const shape = slug === undefined ? undefined : MARKS[slug]
  if (slug !== undefined && shape !== undefined) return { kind: 'mark', id: slug, shape }
  if (canonical === 'generic') return { kind: 'icon', id: 'generic', icon: Archive }
  if (canonical === 'all') return { kind: 'icon', id: 'all', icon: Boxes }
  return { kind: 'icon', id: 'package', icon: Package }
}
