import type { BundleRequest } from './types'

// Commands of the supportBundles area, named `supportBundles/Imperative`.
export type SupportBundlesCommand =
  | { readonly type: 'supportBundles/Open' }
  | { readonly type: 'supportBundles/Close' }
  | { readonly type: 'supportBundles/Reload' }
  // The form is validated before (rules.ts); decide checks the request against the same bounds.
  | { readonly type: 'supportBundles/Create'; readonly request: BundleRequest }
  | { readonly type: 'supportBundles/Delete'; readonly id: string }
  | { readonly type: 'supportBundles/Download'; readonly id: string }
  | { readonly type: 'supportBundles/CheckRetention' }
  // The clean-up delay after a creation's answer is over: the placeholders go if none is under way.
  | { readonly type: 'supportBundles/ClearPlaceholders' }
  // Whether Mission Control can take a bundle: its service-enabled check, then its ping.
  | { readonly type: 'supportBundles/CheckMissionControl' }
  // The session a bundle carries, fetched and shown in the debug panel's replay; then left.
  | { readonly type: 'supportBundles/OpenSession'; readonly id: string }
  | { readonly type: 'supportBundles/CloseSession' }
