/**
 * The platform services a node can run, with what operations need to know of each: key,
 * status type, micro-services, whether it writes logs, and the path prefix of its calls.
 */
import type { ServerConfig } from '../config'
import { flavourProfile, type Microservice } from '../platform/flavours'

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

/**
 * The services this instance runs: those the flavour profile (server/platform/flavours.ts,
 * which also answers /ui/system/microservices) enables, so status, logs and bundles agree
 * with what the console is told.
 */
export function servicesForConfig(
  config: Pick<ServerConfig, 'flavour' | 'cloud' | 'licenseType'>,
): readonly ServiceDefinition[] {
  const enabled = new Set(
    flavourProfile(config)
      .microservices.filter((m) => m.enabled)
      .map((m) => m.key),
  )
  return Object.values(SERVICES).filter((s) => enabled.has(s.key as Microservice['key']))
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
