import type { Failure } from '../shared/failure'
import type { Failed, Idle, Loaded, Loading } from '../shared/loadable'
import type { IntegrationsNoticeKey } from '../notifications'
import type { ConnectionFailureCause } from './events'

/** Catalogue categories (spec 001, integrations catalogue page), in the Filters panel's order. */
export const CATEGORIES = [
  'Packages',
  'CI/CD',
  'Cloud Native',
  'IDE',
  'Source Control',
  'Security',
  'AI/MLOps',
  'Authentication',
] as const
export type Category = (typeof CATEGORIES)[number]

export const CLOUD_VENDORS = ['AWS', 'Azure', 'GCP'] as const
export type CloudVendor = (typeof CLOUD_VENDORS)[number]

export interface ConfigureAction {
  readonly type: 'redirect' | 'action'
  readonly actionName: string
  readonly payload: Readonly<Record<string, unknown>>
}

/** One catalogue entry as the domain sees it (decoded from the platform's answer). */
export interface CatalogueEntry {
  readonly id: string
  readonly label: string
  readonly icon: string
  readonly iconScale?: number
  /** 1–10; missing on the wire means DEFAULT_RANK (rules.ts). */
  readonly rank?: number
  readonly categories: ReadonlyArray<string>
  readonly vendors: ReadonlyArray<string>
  readonly documentationLink: string
  readonly configureAction?: ConfigureAction
}

/** What the catalogue shows: held in the URL so a filtered view is a shareable link. */
export interface CatalogueFilters {
  /** Empty means All. */
  readonly categories: ReadonlyArray<string>
  /** Empty means any vendor. */
  readonly vendors: ReadonlyArray<string>
  readonly search: string
}

/** Source-control vendors and their numeric ids (spec 001, git integration form). */
export const GIT_VENDORS = [
  { id: 1, name: 'github', displayName: 'GitHub' },
  { id: 2, name: 'gitlab', displayName: 'GitLab' },
  { id: 3, name: 'bitbucket_cloud', displayName: 'Bitbucket Cloud' },
  { id: 4, name: 'bitbucket_server', displayName: 'Bitbucket Server' },
] as const
export type GitVendorName = (typeof GIT_VENDORS)[number]['name']

/**
 * The git form without its token: the token is a secret and lives only in the app's secret
 * stash; the form knows only whether one was typed.
 */
export interface GitForm {
  readonly userName: string
  readonly integrationName: string
  readonly url: string
  readonly hasToken: boolean
}
export type GitFormField = 'userName' | 'integrationName' | 'url'

export type ConnectionTest = 'notTested' | 'testing' | 'tested' | 'failed'

/** The git modal (spec 001, "Git integration modal"): closed, then editing, then select-service. */
export type GitModal =
  | { readonly step: 'closed' }
  | {
      readonly step: 'form'
      readonly vendor: GitVendorName
      /** Set in edit mode: the key of the integration being edited. */
      readonly integrationKey: string | null
      readonly form: GitForm
      readonly test: ConnectionTest
      /** The "connection tested" popover, shown after a successful test. */
      readonly popover: boolean
      readonly saving: boolean
      /** `tokenRequired`: the address changed and no token came with it (a saved token stays with its URL). */
      readonly failure: 'testFailed' | 'createFailed' | 'updateFailed' | 'tokenRequired' | null
      /** Why the last connection test failed, when the platform said (only with `testFailed`). */
      readonly testCause?: ConnectionFailureCause
    }
  | { readonly step: 'selectService'; readonly vendor: GitVendorName; readonly integrationKey: string }

/** What answered: the request, kept with its answer. */
interface Answered {
  readonly requestId: string
}

/** Data an integrations page loads: the shared Loadable, each answer with the request it answered. */
export type Requested<T> = Idle | Loading<never> | (Loaded<T> & Answered) | (Failed & Answered)

/** One stored git integration as the vendor table shows it (never its token). */
export interface GitIntegration {
  readonly integrationKey: string
  readonly integrationName: string
  readonly userName: string
  readonly url: string
  /** Services connected to it (the scanning service's connections included). */
  readonly connectedServices: ReadonlyArray<string>
  readonly created: string
}

/** A service's use of a vendor's integrations (spec 001: configured services). */
export interface ConfiguredService {
  readonly serviceName: string
  readonly connections: number
  readonly connected: boolean
  readonly configured: boolean
  readonly disabled: boolean
}

/** The vendor table: one vendor's integrations and the services using them. */
export interface VendorIntegrations {
  readonly vendor: GitVendorName
  readonly integrations: ReadonlyArray<GitIntegration>
  readonly configuredServices: ReadonlyArray<ConfiguredService>
}

/** A repository of an integration, as the vendor lists it, and whether it is chosen for scanning. */
export interface GitRepository {
  readonly name: string
  readonly private: boolean
  readonly selected: boolean
}

/** The common integration modal of a tool (spec 001: OAuth users get an API key on opening). */
export type ToolModal =
  | { readonly step: 'closed' }
  | {
      readonly step: 'open'
      readonly tool: string
      readonly setup:
        | { readonly status: 'loading'; readonly requestId: string }
        /** `apiKeyRef` names the key kept in memory by the effect, never the key itself. */
        | {
            readonly status: 'ready'
            readonly requestId: string
            readonly baseUrl: string
            readonly apiKeyRef: string | null
          }
        | { readonly status: 'failed'; readonly requestId: string; readonly failure: Failure }
    }

export interface IntegrationsState {
  readonly catalogue: Requested<ReadonlyArray<CatalogueEntry>>
  /** What the panel and search box show now; applied (and put in the URL) after the debounce. */
  readonly draft: CatalogueFilters
  readonly filters: CatalogueFilters
  readonly modal: GitModal
  readonly tool: ToolModal
  readonly vendorList: Requested<VendorIntegrations>
  /** The select-repos screen: the repositories of one integration. */
  readonly repos: Requested<ReadonlyArray<GitRepository>>
  readonly reposSave: { readonly status: 'idle' | 'saving' | 'saved' | 'failed'; readonly requestId: string }
  /** Toast-worthy outcomes of create/update/delete, as message keys with the integration key. */
  readonly notice: { readonly key: NoticeKey; readonly integrationKey: string } | null
  /** Bumped after a create, update or delete: the vendor table reloads (spec: "integrations are reloaded"). */
  readonly reloads: number
}

/** The toasts' catalogue owns the keys of the area's outcomes. */
export type NoticeKey = IntegrationsNoticeKey
