/**
 * Which brand mark stands for each package type (canonical names; the tools' own marks). The
 * marks of the types search offers first, and Debian's (the catalogue's Debian packages are on
 * the landing), come with the packages area; the others (23 paths, 28 KB) load the first time a
 * view draws one, in a blank of the mark's size meanwhile. If that load fails the type shows the
 * plain package mark, and the next view drawn asks again.
 */
import { useEffect, useSyncExternalStore } from 'react'
import { Archive, Boxes, Package } from 'lucide-react'
import { canonicalPackageType } from '../../../domain/packageTypes'
import type { BrandMarkShape, BrandMarkSpec } from '../kit/BrandMark'
import { loadOnce } from '../loadOnce'
import { MARKS } from './typeMarks.gen'

type MarkSet = Readonly<Record<string, BrandMarkShape>>

/** The other types' marks: not asked for (or on their way), in, or their last load failed. */
export type MoreMarks =
  | { readonly status: 'absent' }
  | { readonly status: 'failed' }
  | { readonly status: 'loaded'; readonly marks: MarkSet }

/**
 * The other marks as views see them, loaded by `load`. A failed load is tried again when a view
 * that needs them is next drawn (not by the redraw the failure itself causes: no loop offline).
 */
export function typeMarkStore(load: () => Promise<MarkSet>) {
  let state: MoreMarks = { status: 'absent' }
  const listeners = new Set<() => void>()
  const set = (next: MoreMarks) => {
    state = next
    listeners.forEach((listener) => listener())
  }
  const loadMarks = loadOnce(() =>
    load().then(
      (marks) => set({ status: 'loaded', marks }),
      (error: unknown) => {
        set({ status: 'failed' })
        throw error
      },
    ),
  )
  const subscribe = (listener: () => void) => {
    listeners.add(listener)
    return () => listeners.delete(listener)
  }
  /** A type's mark for a view: asks for the other marks when this one is among them. */
  function useMark(type: string): BrandMarkSpec {
    const more = useSyncExternalStore(subscribe, () => state)
    const wanted = more.status !== 'loaded' && needsMoreMarks(type)
    useEffect(() => {
      if (wanted) loadMarks().catch(() => undefined)
    }, [wanted])
    return typeMark(type, more)
  }
  return { load: loadMarks, useMark, current: () => state }
}

const store = typeMarkStore(() => import('./moreTypeMarks.gen').then((m) => m.MARKS))

/** Loads the other types' marks (once; a failed load is tried again by the next view that asks). */
export const loadTypeMarks = store.load

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

const slugOf = (canonical: string): string | undefined =>
  Object.prototype.hasOwnProperty.call(SLUGS, canonical) ? SLUGS[canonical] : undefined

/** Whether a type's mark is among those loaded later. */
const needsMoreMarks = (type: string): boolean => {
  const slug = slugOf(canonicalPackageType(type))
  return slug !== undefined && MARKS[slug] === undefined
}

/**
 * The mark of a package type: its tool's brand, a box for generic files, a package otherwise;
 * a blank while its brand's mark is among those not loaded yet, a package if they failed to load.
 */
export function typeMark(type: string, more: MoreMarks = store.current()): BrandMarkSpec {
  const canonical = canonicalPackageType(type)
  const slug = slugOf(canonical)
  const shape =
    slug === undefined
      ? undefined
      : (MARKS[slug] ?? (more.status === 'loaded' ? more.marks[slug] : undefined))
  if (slug !== undefined && shape !== undefined) return { kind: 'mark', id: slug, shape }
  if (slug !== undefined && more.status === 'absent') return { kind: 'blank', id: slug }
  if (canonical === 'generic') return { kind: 'icon', id: 'generic', icon: Archive }
  if (canonical === 'all') return { kind: 'icon', id: 'all', icon: Boxes }
  return { kind: 'icon', id: 'package', icon: Package }
}

/** A type's mark for a view: asks for the other marks when this one is among them. */
export const useTypeMark = store.useMark
