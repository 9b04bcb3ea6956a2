import type { Failure } from './failure'

/**
 * A form's submission (the values stay in the form, so nothing typed is lost on a failure): the
 * admin pages' and the repository form's.
 */
export type SaveState =
  | { readonly status: 'idle' }
  | { readonly status: 'pending'; readonly requestId: string }
  | { readonly status: 'done'; readonly requestId: string }
  | { readonly status: 'failed'; readonly requestId: string; readonly failure: Failure }
