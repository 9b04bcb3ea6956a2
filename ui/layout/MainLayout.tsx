import { Suspense, useContext, useMemo, useState, type ReactNode } from 'react'
import { Menu, X } from 'lucide-react'
import { quickActionVisible } from '../../domain/navigation'
import { helpMenuItems, topMenuItems } from '../../domain/navigation/topMenus'
import { SearchBar } from '../search/SearchBar'
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
import { ReplayModeContext } from '../shared/replayMode'
import styles from './layout.module.css'

function useOverlayChunk() {
  const app = useApp()
  return useMemo(() => {
    const report = (command: Parameters<typeof app.dispatch>[0]) => app.dispatch(command, 'ui')
    const load = () => import('./ChromeOverlays')
    return {
      Overlays: lazyArea('chromeOverlays', load, report),
      // The top bar's menus (Radix DropdownMenu): a chunk of their own, asked for on intent.
      TopMenus: lazyArea('layout', () => import('./TopMenus'), report, {
        fallback: () => <TopMenuButtons />,
      }),
      // The getting-started questionnaire: a chunk of its own, loaded when it opens.
      Questionnaire: lazyArea(
        'gettingStarted',
        () => import('../gettingStarted/QuestionnaireDialog'),
        report,
      ),
      // The education center: a chunk of its own, loaded when first opened.
      EducationCenter: lazyArea('education', () => import('../education/EducationCenter'), report),
      // The debug panel is a chunk of its own, loaded when first opened.
      DebugPanel: lazyArea('debug', () => import('../debug/DebugPanel'), report),
      // The set-me-up panel and its selects (Radix Select): a chunk of their own, loaded when it opens.
      SetMeUpPanel: lazyArea(
        'chromeOverlays',
        () => import('../setMeUp/SetMeUpPanel').then((m) => ({ default: m.SetMeUpPanel })),
        report,
      ),
    }
  }, [app])
}

/**
 * The chrome of the main-layout routes: a full-bleed top bar (logo, search, menus), the sidebar
 * (a drawer below 900 px), the content at a readable width, and the panels.
 */
export default function MainLayout({ children }: { children: ReactNode }) {
  useKeyboardShortcuts()
  const nav = useQuery({ type: 'navigation/State' })
  const ctx = useQuery({ type: 'navigation/Context' })
  const tourRunning = useQuery({ type: 'tour/Running' })
  const clientFlow = useQuery({ type: 'quickSetup/ClientFlow' })
  const quickSetup = useQuery({ type: 'quickSetup/Wizard' })
  const setMeUp = useQuery({ type: 'setMeUp/Panel' })
  const questionnaire = useQuery({ type: 'gettingStarted/Questionnaire' })
  const app = useApp()
  const { Overlays, TopMenus, SetMeUpPanel, Questionnaire, DebugPanel, EducationCenter } = useOverlayChunk()
  const education = useQuery({ type: 'education/Center' })
  // The theme is applied here, with the chrome, so the page does not flash before the menus load.
  const [theme, setTheme] = useTheme(ctx.signedIn ? ctx.userName : 'anonymous')
  // The drawer is open on the page where it was opened: any navigation closes it.
  const [drawerAt, setDrawerAt] = useState<string | null>(null)
  const drawerOpen = drawerAt === nav.location.path
  // A replayed session shows its page, not a second panel inside the first.
  const inReplay = useContext(ReplayModeContext)
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
  const overlaysWanted =
    tourRunning || quickSetup.visible || nav.openModals.length > 0 || clientFlow !== undefined
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
          <SearchBar />
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
        {setMeUp.visible && (
          <Suspense fallback={null}>
            <SetMeUpPanel />
          </Suspense>
        )}
      </div>
      {questionnaire !== undefined && (
        <Suspense fallback={null}>
          <Questionnaire />
        </Suspense>
      )}
      {education !== undefined && (
        <Suspense fallback={null}>
          <EducationCenter />
        </Suspense>
      )}
      {nav.debugPanelOpen && !inReplay && (
        <Suspense fallback={null}>
          <DebugPanel />
        </Suspense>
      )}
      {overlaysWanted && (
        <Suspense fallback={null}>
          <Overlays />
        </Suspense>
      )}
    </div>
  )
}
