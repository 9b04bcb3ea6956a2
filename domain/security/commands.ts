import type { SecurityPage, SettingsValues } from './types'

// Commands of the security area, named `security/Imperative`.
export type SecurityCommand =
  | { readonly type: 'security/Load'; readonly page: SecurityPage }
  /** The page's secret (client secret, manager or application password) travels as a vault reference. */
  | {
      readonly type: 'security/Save'
      readonly page: SecurityPage
      readonly values: SettingsValues
      readonly secretRef?: string
    }
  /** Test connection (OAuth: fetch the issuer's discovery document). */
  | { readonly type: 'security/Test'; readonly page: SecurityPage; readonly target: string }
