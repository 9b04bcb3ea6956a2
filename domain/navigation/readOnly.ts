/**
 * Which top-menu options read-only mode blocks (spec 001 sections 6 and 8): those that create
 * content. Apart from menus.ts so the rule loads with the menus' chunk, not the login page.
 */
import { feature, type ShellContext } from './context'

const CONTENT_CREATING_ITEMS: ReadonlySet<string> = new Set([
  'quickRepo',
  'newLocal',
  'newRemote',
  'newVirtual',
])

/** Why a top-menu item is shown but not usable, as a message key; undefined when usable. */
export function topMenuBlock(itemId: string, ctx: ShellContext): 'readOnlyMode' | undefined {
  return feature(ctx, 'readOnlyMode') && CONTENT_CREATING_ITEMS.has(itemId) ? 'readOnlyMode' : undefined
}
