/**
 * Stand-ins for the two helpers Radix Menu uses only when a menu is modal (a scroll lock and
 * hiding the rest of the page from assistive technology). The kit's DropdownMenu is never modal
 * (`modal={false}`: the page stays usable around an open menu), so the build gives Radix Menu
 * these pass-throughs instead (vite.config.ts, nonModalMenus): ~6 KB gzip less in the chunk of
 * the top bar's menus. Dialogs keep the real helpers.
 */
import type { ReactNode } from 'react'

export function RemoveScroll({ children }: { readonly children?: ReactNode }): ReactNode {
  return children
}

export function hideOthers(): () => void {
  return () => undefined
}
