import type { RepositoryForm } from './rules'
import type { RemoteForm } from './remote'

// Commands of the repositories area, named `repositories/Imperative`.
export type RepositoriesCommand =
  | { readonly type: 'repositories/LoadList' }
  /** Create (or update) a repository from its form; the domain's rule runs first. */
  | {
      readonly type: 'repositories/Save'
      readonly create: boolean
      readonly form: RepositoryForm
      /** A remote's upstream settings and credentials (by vault reference), saved with it. */
      readonly remote?: RemoteForm
    }
  /** A remote's settings and state, for its form. */
  | { readonly type: 'repositories/LoadRemote'; readonly key: string }
  /**
   * A real request to the upstream the form names, with its time-outs and credentials as typed
   * (`key`: the saved remote whose credentials are kept, '' for a new one).
   */
  | {
      readonly type: 'repositories/TestConnection'
      readonly key: string
      readonly packageType: string
      readonly url: string
      readonly remote: RemoteForm
    }
  | { readonly type: 'repositories/Delete'; readonly key: string }
  /** Local, remote and virtual repositories for each package type. */
  | { readonly type: 'repositories/CreateQuickly'; readonly packageTypes: ReadonlyArray<string> }
  /** A form page opened: forget the last save's outcome. */
  | { readonly type: 'repositories/ResetForm' }
  /** A client token for set-me-up: shown once, kept by the console only in memory. */
  | { readonly type: 'repositories/GenerateClientToken' }
