import type { AdminForm, AdminResource } from './types'
import type { SaveOp } from './events'

// Commands of the admin area, named `admin/Imperative`.
export type AdminCommand =
  | { readonly type: 'admin/Load'; readonly resource: AdminResource; readonly key?: string }
  | { readonly type: 'admin/Save'; readonly form: AdminForm; readonly op: SaveOp }
  | { readonly type: 'admin/ResetForm'; readonly form: AdminForm }
