/**
 * The top (user) menu and the help menu with their role rules (spec 000 section 6). A module
 * apart from the sidebars' (menus.ts), which the first load needs for the navigation pipeline:
 * only the main layout's chunk needs these, and a module goes whole into one chunk.
 */
import { isCloudTrial, isTour, type ShellContext } from './context'
import type { NavigationType } from './types'

export interface TopMenuItem {
  readonly id: string
  readonly title: string
  /** A path to navigate to, or an action the layout performs. */
  readonly href?: string
  readonly action?:
    'setMeUp' | 'logout' | 'tour' | 'switchUi' | 'contactUs' | 'shortcuts' | 'debugTools' | 'educationCenter'
  readonly external?: string
}

/** The top (user) menu with its role rules (spec 000 section 6); the switch names the other navigation type. */
export function topMenuItems(
  ctx: ShellContext,
  navigationType: NavigationType = 'new',
): ReadonlyArray<TopMenuItem> {
  const items: TopMenuItem[] = []
  if (ctx.admin) {
    items.push(
      { id: 'gettingStarted', title: 'Getting Started', href: '/get_started' },
      // The item creates repositories, as it says (it opened quick setup's client form).
      { id: 'quickRepo', title: 'Quick Repository Creation', href: '/admin/repositories/quick' },
    )
  }
  items.push({ id: 'setMeUp', title: 'Set Me Up', action: 'setMeUp' })
  if (ctx.admin) {
    items.push(
      { id: 'newLocal', title: 'New Local Repository', href: '/admin/repositories/local/new' },
      { id: 'newRemote', title: 'New Remote Repository', href: '/admin/repositories/remote/new' },
      { id: 'newVirtual', title: 'New Virtual Repository', href: '/admin/repositories/virtual/new' },
      { id: 'newUser', title: 'New User', href: '/admin/management/users/new' },
      { id: 'newGroup', title: 'New Group', href: '/admin/management/groups/new' },
      { id: 'newPermission', title: 'New Permission', href: '/admin/management/permissions/create' },
    )
  }
  if (ctx.signedIn)
    items.push({
      id: 'switchUi',
      title: navigationType === 'classic' ? 'Switch to New UI' : 'Switch to Classic UI',
      action: 'switchUi',
    })
  if (!(isTour(ctx) && !ctx.admin)) items.push({ id: 'tour', title: 'Navigation Tour', action: 'tour' })
  if (ctx.signedIn) {
    items.push({ id: 'editProfile', title: 'Edit Profile', href: '/user_profile' })
    items.push({ id: 'logout', title: 'Log out', action: 'logout' })
  } else {
    // An anonymous visitor's way to sign in (the Guest menu).
    items.push({ id: 'login', title: 'Log in', href: '/login' })
  }
  return items
}

export const DOCUMENTATION_URL = 'https://jfrog.com/help/'
export const LEARNING_CENTER_URL = 'https://academy.jfrog.com/'

export function helpMenuItems(ctx: ShellContext): ReadonlyArray<TopMenuItem> {
  const items: TopMenuItem[] = [
    { id: 'documentation', title: 'Documentation', external: DOCUMENTATION_URL },
    { id: 'learningCenter', title: 'Learning Center', external: LEARNING_CENTER_URL },
  ]
  // Its videos played and its feedback are remembered per user: signed-in users only.
  if (ctx.signedIn)
    items.push({ id: 'educationCenter', title: 'Education Center', action: 'educationCenter' })
  if (ctx.admin && isCloudTrial(ctx))
    items.push({ id: 'contactUs', title: 'Contact Us', action: 'contactUs' })
  if (!(isTour(ctx) && !ctx.admin))
    items.push({ id: 'shortcuts', title: 'Keyboard Shortcuts', action: 'shortcuts' })
  // A developer's tool, not a product feature: admins find it here, everyone by its shortcut.
  if (ctx.admin) items.push({ id: 'debugTools', title: 'Debug tools', action: 'debugTools' })
  return items
}
