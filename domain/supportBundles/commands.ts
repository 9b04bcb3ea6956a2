import type { BundleForm } from './rules'

// Commands of the supportBundles area, named `supportBundles/Imperative`.
export type SupportBundlesCommand =
  | { readonly type: 'supportBundles/Open' }
  | { readonly type: 'supportBundles/Close' }
  | { readonly type: 'supportBundles/Reload' }
  | { readonly type: 'supportBundles/Create'; readonly form: BundleForm }
  | { readonly type: 'supportBundles/Delete'; readonly id: string }
  | { readonly type: 'supportBundles/Download'; readonly id: string }
  | { readonly type: 'supportBundles/CheckRetention' }
