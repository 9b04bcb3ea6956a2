import type { CatalogueFilters, GitFormField, GitVendorName } from './types'

// Commands of the integrations area, named `integrations/Imperative`. None carries the token:
// the view stashes it (App.stashSecret) and sends only the reference.
export type IntegrationsCommand =
  | { readonly type: 'integrations/LoadCatalogue' }
  /** The panel or the search box changed (applied after the debounce). */
  | { readonly type: 'integrations/EditFilters'; readonly filters: CatalogueFilters }
  /** Filters to show now: from the URL (a shared link, back and forward). */
  | { readonly type: 'integrations/ApplyFilters'; readonly filters: CatalogueFilters }
  /** An admin's Set Up of a catalogue entry: runs its configure action. */
  | { readonly type: 'integrations/RunSetupAction'; readonly entryId: string }
  /** Opens a tool's common integration modal (`withApiKey` for OAuth users). */
  | { readonly type: 'integrations/OpenTool'; readonly tool: string; readonly withApiKey: boolean }
  | { readonly type: 'integrations/CloseTool' }
  | { readonly type: 'integrations/LoadVendorList'; readonly vendor: GitVendorName }
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
  /** `tokenRef`: the typed token, stashed; absent on edit keeps the stored one. */
  | { readonly type: 'integrations/TestConnection'; readonly tokenRef?: string }
  | { readonly type: 'integrations/ResetConnectionTest' }
  | { readonly type: 'integrations/DismissPopover' }
  | { readonly type: 'integrations/SaveIntegration'; readonly tokenRef?: string }
  | { readonly type: 'integrations/DeleteIntegration'; readonly integrationKey: string }
  | { readonly type: 'integrations/ChooseService'; readonly service: 'xray' | 'pipelines' }
  | { readonly type: 'integrations/CloseGitModal' }
  | { readonly type: 'integrations/LoadRepos'; readonly integrationKey: string }
  | {
      readonly type: 'integrations/SaveRepoSelection'
      readonly integrationKey: string
      readonly selected: ReadonlyArray<string>
    }
