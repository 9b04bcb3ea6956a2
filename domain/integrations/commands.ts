import type { CatalogueFilters, GitFormField, GitVendorName } from './types'

// Commands of the integrations area, named `integrations/Imperative`. None carries the token:
// the view stashes it (App.stashSecret) and says only that one was typed.
export type IntegrationsCommand =
  | { readonly type: 'integrations/LoadCatalogue' }
  | { readonly type: 'integrations/ApplyFilters'; readonly filters: CatalogueFilters }
  | {
      readonly type: 'integrations/OpenGitModal'
      readonly vendor: GitVendorName
      /** Edit mode: the integration's stored fields (its token stays on the platform). */
      readonly edit?: {
        readonly integrationKey: string
        readonly userName: string
        readonly integrationName: string
        readonly url: string
      }
    }
  | { readonly type: 'integrations/EditGitForm'; readonly field: GitFormField; readonly value: string }
  | { readonly type: 'integrations/TokenTyped'; readonly present: boolean }
  | { readonly type: 'integrations/TestConnection' }
  | { readonly type: 'integrations/ResetConnectionTest' }
  | { readonly type: 'integrations/DismissPopover' }
  | { readonly type: 'integrations/SaveIntegration' }
  | { readonly type: 'integrations/DeleteIntegration'; readonly integrationKey: string }
  | { readonly type: 'integrations/ChooseService'; readonly service: 'xray' | 'pipelines' }
  | { readonly type: 'integrations/CloseGitModal' }
