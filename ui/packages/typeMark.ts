/**
 * Which brand mark stands for each package type (canonical names; the tools' own marks). The
 * marks of the types search offers first, and Debian's (the catalogue's Debian packages are on
 * the landing), come with the packages area; the others (23 paths, 28 KB) load the first time a
 * view draws one, in a blank of the mark's size meanwhile.
 */
import { useEffect, useSyncExternalStore } from 'react'
import { Archive, Boxes, Package } from 'lucide-react'
import { canonicalPackageType } from '../../domain/packageTypes'
import type { BrandMarkShape, BrandMarkSpec } from '../shared/kit/BrandMark'
import { loadOnce } from '../shared/loadOnce'
import { MARKS } from './typeMarks.gen'

type MarkSet = Readonly<Record<string, BrandMarkShape>>
let moreMarks: MarkSet | undefined
const listeners = new Set<() => void>()

/** Loads the other types' marks (once; a failed load is tried again by the next view that asks). */
export const loadTypeMarks = loadOnce(() =>
  import('./moreTypeMarks.gen').then((m) => {
    moreMarks = m.MARKS
    listeners.forEach((listener) => listener())
  }),
)

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

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

/**
 * The mark of a package type: its tool's brand, a box for generic files, a package otherwise;
 * a blank while its brand's mark is among those not loaded yet.
 */
export function typeMark(type: string, more: MarkSet | undefined = moreMarks): BrandMarkSpec {
  const canonical = canonicalPackageType(type)
  const slug = Object.prototype.hasOwnProperty.call(SLUGS, canonical) ? SLUGS[canonical] : undefined
  const shape = slug === undefined ? undefined : (MARKS[slug] ?? more?.[slug])
  if (slug !== undefined && shape !== undefined) return { kind: 'mark', id: slug, shape }
  if (slug !== undefined && more === undefined) return { kind: 'blank', id: slug }
  if (canonical === 'generic') return { kind: 'icon', id: 'generic', icon: Archive }
  if (canonical === 'all') return { kind: 'icon', id: 'all', icon: Boxes }
  return { kind: 'icon', id: 'package', icon: Package }
}

/** A type's mark for a view: asks for the other marks when this one is among them. */
export function useTypeMark(type: string): BrandMarkSpec {
  const more = useSyncExternalStore(subscribe, () => moreMarks)
  const spec = typeMark(type, more)
  const blank = spec.kind === 'blank'
  useEffect(() => {
    if (blank) loadTypeMarks().catch(() => undefined)
  }, [blank])
  return spec
}
