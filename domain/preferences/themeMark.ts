/**
 * The theme a signed-in user's next page is first painted in, before the console's script runs.
 *
 * The theme chosen in the user menu is remembered per user in local storage (ui/shared/theme.ts),
 * which only the script can read: the page's skeleton (index.html) was drawn in the system's
 * theme, then flipped. So the console also keeps the choice in a cookie, a preference that is not
 * a secret (Path=/ui, SameSite=Strict), and the server sets `<html data-theme>` on the page it
 * sends that user (server/ui/indexPage.ts). The cookie names the user it is for: on a browser two
 * users share, one user's choice never paints the other's page. Only the two exact values below
 * mean anything; any other cookie, another user's, or a hostile value is ignored.
 */
export const THEME_COOKIE = 'consoleTheme'

export type PaintedTheme = 'light' | 'dark'

/** The cookie's value as the browser keeps it (the user's name percent-encoded). */
export const encodeThemeMark = (user: string, theme: PaintedTheme): string =>
  `${theme}.${encodeURIComponent(user)}`

/** The theme to paint `user`'s page in: from the cookie's value as parsed (percent-decoded), if it is this user's. */
export function decodeThemeMark(value: string | undefined, user: string): PaintedTheme | undefined {
  if (value === `light.${user}`) return 'light'
  if (value === `dark.${user}`) return 'dark'
  return undefined
}
