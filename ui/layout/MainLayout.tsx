import { Suspense, useMemo, useState, type ReactNode } from 'react'
import { Menu, X } from 'lucide-react'
import { distinctUntilChanged, map } from 'rxjs'
import { useObservableEagerState } from 'observable-hooks'
import type { AppState } from '../../domain/app'
import { quickActionVisible } from '../../domain/navigation'
import { helpMenuItems, topMenuItems } from '../../domain/navigation/topMenus'
import { useKeyboardShortcuts } from './KeyboardShortcuts'
import { Logo } from './Logo'
import { ProjectSelector } from './ProjectSelector'
import { QuotaBanner } from './QuotaBanner'
import { AdminBreadcrumbs } from './AdminBreadcrumbs'
import { Sidebar } from './Sidebar'
import { MENU_ICONS, TopMenuButtons } from './TopMenuButtons'
import { useApp, useQuery } from '../shared/appContext'
import { lazyArea } from '../shared/lazyArea'
import { useTheme } from '../shared/theme'
import { useIntent } from '../shared/kit/intent'
import type { ShownPart } from '../shared/parts'
import styles from './layout.module.css'

/** The top bar's menus (Radix DropdownMenu): a chunk of their own, asked for on intent. */
function useTopMenus() {
  const app = useApp()
  return useMemo(
    () => ({
      TopMenus: lazyArea(
        'layout',
        () => import('./TopMenus'),
        (command) => app.dispatch(command, 'ui'),
        {
          fallback: () => <TopMenuButtons />,
        },
      ),
    }),
    [app],
  )
}

/** A piece another area lends the layout, drawn while its state says it is open. */
function Lent({ part }: { part: ShownPart<AppState> }) {
  const app = useApp()
  const shown$ = useMemo(() => app.state$.pipe(map(part.shown), distinctUntilChanged()), [app, part])
  const Component = part.Component
  if (!useObservableEagerState(shown$)) return null
  return (
    <Suspense fallback={null}>
      <Component />
    </Suspense>
  )
}

/**
 * The chrome of the main-layout routes: a full-bleed top bar (logo, search, menus), the sidebar
 * (a drawer below 900 px), the content at a readable width, and the panels. What other areas
 * lend it comes from the composition (ui/chrome.tsx, ui/routes.tsx): the search bar, and the
 * panels beside the content and the dialogs over the page (`parts`), each loaded when it opens.
 */
export default function MainLayout({
  children,
  search,
  parts,
}: {
  children: ReactNode
  search: ReactNode
  parts: ReadonlyArray<ShownPart<AppState>>
}) {
  useKeyboardShortcuts()
  const nav = useQuery({ type: 'navigation/State' })
  const ctx = useQuery({ type: 'navigation/Context' })
  const tourRunning = useQuery({ type: 'tour/Running' })
  const app = useApp()
  const { TopMenus } = useTopMenus()
  // The theme is applied here, with the chrome, so the page does not flash before the menus load.
  const [theme, setTheme] = useTheme(ctx.signedIn ? ctx.userName : 'anonymous')
  // The drawer is open on the page where it was opened: any navigation closes it.
  const [drawerAt, setDrawerAt] = useState<string | null>(null)
  const drawerOpen = drawerAt === nav.location.path
  const navigationType = useQuery({ type: 'preferences/NavigationType' })
  const classic = navigationType === 'classic'
  // The menus' items with their role rules, here rather than in a query: the login page then
  // does not load them, and the menus' chunk gets them with the layout's.
  const menus = useMemo(
    () => ({ user: topMenuItems(ctx, navigationType), help: helpMenuItems(ctx) }),
    [ctx, navigationType],
  )
  // The menus' chunk comes when the user reaches for a menu, or when something opens one (a
  // shortcut, the tour, which points at them).
  const menusIntent = useIntent()
  const menusWanted = menusIntent.wanted || nav.openMenu === 'help' || nav.openMenu === 'user' || tourRunning
  return (
    <div className={styles.shell} data-navigation-type={classic ? 'classic' : 'new'}>
      <a className={styles.skip} href="#main">
        Skip to content
      </a>
      <header className={styles.topbar}>
        {!classic && (
          <button
            type="button"
            className={styles.drawerButton}
            aria-label={drawerOpen ? 'Close navigation' : 'Open navigation'}
            aria-expanded={drawerOpen}
            aria-controls="sidebar"
            onClick={() => setDrawerAt(drawerOpen ? null : nav.location.path)}
          >
            {drawerOpen ? <X size={20} aria-hidden /> : <Menu size={20} aria-hidden />}
          </button>
        )}
        <Logo />
        <ProjectSelector />
        <div className={styles.search} data-tour="search">
          {search}
        </div>
        {quickActionVisible(ctx, nav.location.path) && (
          <button
            type="button"
            className={styles.quickAction}
            onClick={() => app.dispatch({ type: 'quickSetup/Open' }, 'ui')}
          >
            Quick Setup
          </button>
        )}
        <Suspense fallback={<TopMenuButtons intent={menusIntent} />}>
          {menusWanted ? (
            <TopMenus
              theme={theme}
              onTheme={setTheme}
              icons={MENU_ICONS}
              menus={menus}
              focusRef={menusIntent.control}
            />
          ) : (
            <TopMenuButtons intent={menusIntent} />
          )}
        </Suspense>
      </header>
      {classic && <Sidebar classic />}
      <div className={styles.body}>
        {!classic && (
          <>
            <Sidebar drawerOpen={drawerOpen} onCloseDrawer={() => setDrawerAt(null)} />
            {drawerOpen && (
              <div className={styles.backdrop} aria-hidden="true" onClick={() => setDrawerAt(null)} />
            )}
          </>
        )}
        <main className={styles.content} id="main" data-tour="page" tabIndex={-1}>
          <QuotaBanner />
          <div className={styles.contentInner}>
            <AdminBreadcrumbs />
            {children}
          </div>
        </main>
        {parts.map((part) => part.place === 'aside' && <Lent key={part.key} part={part} />)}
      </div>
      {parts.map((part) => part.place === 'overlay' && <Lent key={part.key} part={part} />)}
    </div>
  )
}
