import type {
  CatalogueEntry,
  GitRepository,
  GitVendorName,
  VendorIntegrations,
} from '../../domain/integrations/types'
import type { ConnectionFailureCause } from '../../domain/integrations/events'
import type { Result } from './result'

// The integrations (catalogue, git integrations, repository scanning) area's API port (adapters/ports.ts).
/** The git form as the platform takes it (spec 001): vendorName is the numeric id, integrationType 1 (git). */
export interface GitIntegrationForm {
  readonly userName: string
  readonly integrationName: string
  readonly url: string
  readonly vendorName: number
  readonly integrationType: number
  /** The token itself, taken from the vault by the effect; absent on update keeps the stored one. */
  readonly token?: string
  readonly integrationKey?: string
}
export interface IntegrationsApi {
  catalogue(): Promise<Result<ReadonlyArray<CatalogueEntry>>>
  /** One vendor's integrations, their services, and which the scanning service is connected to. */
  vendorIntegrations(vendor: GitVendorName): Promise<Result<VendorIntegrations>>
  /** The platform calls the vendor with the token; `success` false is an answer, not a failure. */
  testConnection(
    form: GitIntegrationForm,
  ): Promise<Result<{ readonly success: boolean; readonly cause?: ConnectionFailureCause }>>
  /** The new integration's key. */
  create(form: GitIntegrationForm): Promise<Result<string>>
  update(integrationKey: string, form: GitIntegrationForm): Promise<Result<string>>
  remove(integrationKey: string): Promise<Result<void>>
  /** The integration's repositories as the vendor lists them, with the ones chosen for scanning. */
  repositories(integrationKey: string): Promise<Result<ReadonlyArray<GitRepository>>>
  saveRepositories(
    integrationKey: string,
    selected: ReadonlyArray<string>,
  ): Promise<Result<ReadonlyArray<GitRepository>>>
  /** The signed-in OAuth user's API key (X-JFrog-Reauthentication without a password). */
  oauthApiKey(user: string): Promise<Result<string>>
}
