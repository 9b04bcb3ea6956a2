import type { RepositoryForm } from './rules'

// Commands of the repositories area, named `repositories/Imperative`.
export type RepositoriesCommand =
  | { readonly type: 'repositories/LoadList' }
  /** Create (or update) a repository from its form; the domain's rule runs first. */
  | { readonly type: 'repositories/Save'; readonly create: boolean; readonly form: RepositoryForm }
  | { readonly type: 'repositories/Delete'; readonly key: string }
  /** Local, remote and virtual repositories for each package type. */
  | { readonly type: 'repositories/CreateQuickly'; readonly packageTypes: ReadonlyArray<string> }
  /** A form page opened: forget the last save's outcome. */
  | { readonly type: 'repositories/ResetForm' }
  /** A client token for set-me-up: shown once, kept by the console only in memory. */
  | { readonly type: 'repositories/GenerateClientToken' }
