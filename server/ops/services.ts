/**
 * The platform services a node runs, by instance flavour. Every node runs Artifactory; the
 * full platform (and the trial and tour flavours) add the scanning, distribution and
 * management services, so status pages, log viewers and support bundles have real rows for
 * each of them.
 */
import type { Flavour } from '../config'

export type ServiceName =
  'artifactory' | 'xray' | 'mission_control' | 'distribution' | 'insight' | 'tracker' | 'pipelines'

export interface ServiceDefinition {
  readonly name: ServiceName
  /** Service key of the platform (`jfrt`, `jfxr`, …), also the log viewer's service key. */
  readonly key: string
  /** The service type shown in status answers. */
  readonly type: string
  /** Micro-services a node of this service runs (reported in `micro_services`). */
  readonly microServices: readonly string[]
  /** Whether the service writes log files the log viewer shows. */
  readonly logs: boolean
  /** Path prefix of this service's API calls, to file request lines in its own log. */
  readonly pathPrefix?: string
}

export const SERVICES: Readonly<Record<ServiceName, ServiceDefinition>> = {
  artifactory: {
    name: 'artifactory',
    key: 'jfrt',
    type: 'artifactory',
    microServices: ['jfrt', 'jfac', 'jfmd', 'jffe', 'jfevt', 'jfob', 'jfcon'],
    logs: true,
  },
  xray: {
    name: 'xray',
    key: 'jfxr',
    type: 'xray',
    microServices: ['jfxr', 'jfxana', 'jfxidx', 'jfxpst'],
    logs: true,
    pathPrefix: '/xray/',
  },
  mission_control: {
    name: 'mission_control',
    key: 'jfmc',
    type: 'mission control',
    microServices: ['jfmc'],
    logs: true,
    pathPrefix: '/mc/',
  },
  distribution: {
    name: 'distribution',
    key: 'jfds',
    type: 'distribution',
    microServices: ['jfds'],
    logs: true,
    pathPrefix: '/distribution/',
  },
  insight: {
    name: 'insight',
    key: 'jfisv',
    type: 'insight',
    microServices: ['jfisv', 'jfisc'],
    logs: true,
    pathPrefix: '/insight/',
  },
  tracker: {
    name: 'tracker',
    key: 'jftrk',
    type: 'tracker',
    microServices: ['jftrk'],
    logs: false,
    pathPrefix: '/tracker/',
  },
  pipelines: {
    name: 'pipelines',
    key: 'jfpip',
    type: 'pipelines',
    microServices: ['jfpip'],
    logs: true,
    pathPrefix: '/pipelines/',
  },
}

/** Services each flavour runs. Pipelines is never run here: its log key is known but has no node. */
const BY_FLAVOUR: Readonly<Record<Flavour, readonly ServiceName[]>> = {
  platform: ['artifactory', 'xray', 'mission_control', 'distribution', 'insight', 'tracker'],
  'cloud-trial': ['artifactory', 'xray', 'distribution'],
  tour: ['artifactory', 'xray'],
  oss: ['artifactory'],
  community: ['artifactory'],
  'container-registry': ['artifactory'],
  edge: ['artifactory'],
  lightweight: ['artifactory'],
}

export function servicesForFlavour(flavour: Flavour): readonly ServiceDefinition[] {
  return BY_FLAVOUR[flavour].map((name) => SERVICES[name])
}

/** A service by its key (`jfrt`) or its name (`artifactory`, `mission_control`). */
export function serviceByKeyOrName(keyOrName: string): ServiceDefinition | undefined {
  return Object.values(SERVICES).find((s) => s.key === keyOrName || s.name === keyOrName)
}

/** Log-viewer keys of the specification, in its order. */
export const LOG_SERVICE_KEYS = ['jfrt', 'jfmc', 'jfxr', 'jfds', 'jfpip', 'jfisv'] as const

/** Support-bundle services of the specification. */
export const BUNDLE_SERVICES = [
  'artifactory',
  'xray',
  'distribution',
  'mission_control',
  'insight',
  'tracker',
] as const satisfies readonly ServiceName[]
export type BundleService = (typeof BUNDLE_SERVICES)[number]
