import type { SecurityPage, SettingsValues } from '../../domain/security/types'
import type { Result } from './result'

// The security area's API port (adapters/ports.ts).
export interface SecurityApi {
  /** A settings page's values, flat (read-only facts such as `sp.entityId` or `clientSecretSet` included). */
  load(page: SecurityPage): Promise<Result<SettingsValues>>
  /** `secret` is the page's write-only secret itself, taken from the vault by the effect; absent keeps it. */
  save(page: SecurityPage, values: SettingsValues, secret?: string): Promise<Result<SettingsValues>>
  /** Test connection: what the platform found at the target. */
  test(page: SecurityPage, target: string): Promise<Result<Readonly<Record<string, string>>>>
}
