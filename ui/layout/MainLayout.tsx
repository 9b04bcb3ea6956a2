import { Suspense, useContext, useMemo, type ReactNode } from 'react'
import { SearchBar } from '../search/SearchBar'
import { useKeyboardShortcuts } from './KeyboardShortcuts'
import { Logo } from './Logo'
import { Sidebar } from './Sidebar'
import { TopMenus } from './TopMenus'
import { useApp, useQuery } from '../shared/appContext'
import { lazyArea } from '../shared/lazyArea'
import { ReplayModeContext } from '../debug/replayMode'
import styles from './layout.module.css'

function useOverlayChunk() {
  const app = useApp()
  return useMemo(() => {
    const report = (command: Parameters<typeof app.dispatch>[0]) => app.dispatch(command, 'ui')
    const load = () => import('./ChromeOverlays')
    return {
      Overlays: lazyArea('chromeOverlays', load, report),
      // The onboarding questionnaire: a chunk of its own, loaded when it opens.
      Questionnaire: lazyArea('onboarding', () => import('../onboarding/QuestionnaireDialog'), report),
      // The debug panel is a chunk of its own, loaded when first opened.
      DebugPanel: lazyArea('debug', () => import('../debug/DebugPanel'), report),
      SetMeUpPanel: lazyArea(
        'chromeOverlays',
        () => load().then((m) => ({ default: m.SetMeUpPanel })),
        report,
      ),
    }
  }, [app])
}

/** The chrome of the main-layout routes: top bar, sidebars, content, panels. */
export default function MainLayout({ children }: { children: ReactNode }) {
  useKeyboardShortcuts()
  const nav = useQuery({ type: 'navigation/State' })
  const clientFlow = useQuery({ type: 'onboarding/ClientFlow' })
  const questionnaire = useQuery({ type: 'onboarding/Questionnaire' })
  const { Overlays, SetMeUpPanel, Questionnaire, DebugPanel } = useOverlayChunk()
  // A replayed session shows its page, not a second panel inside the first.
  const inReplay = useContext(ReplayModeContext)
  const classic = nav.navigationType === 'classic'
  const overlaysWanted =
    nav.tour !== undefined || nav.quickSetupVisible || nav.openModals.length > 0 || clientFlow !== undefined
  return (
    <div className={styles.shell} data-navigation-type={classic ? 'classic' : 'new'}>
      <header className={styles.topbar}>
        <Logo />
        <div className={styles.search} data-tour="search">
          <SearchBar />
        </div>
        <TopMenus />
      </header>
      {classic && <Sidebar classic />}
      <div className={styles.body}>
        {!classic && <Sidebar />}
        <main className={styles.content} id="main" data-tour="page">
          {children}
        </main>
        {nav.setMeUp.visible && (
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
