import type { ReactNode } from 'react'
import { SearchBar } from '../search/SearchBar'
import { ShortcutsDialog, useKeyboardShortcuts } from './KeyboardShortcuts'
import { Logo } from './Logo'
import { NavigationTour } from './NavigationTour'
import { ContactUsDialog, QuickSetupOverlay, SetMeUpPanel } from './Overlays'
import { Sidebar } from './Sidebar'
import { TopMenus } from './TopMenus'
import { useQuery } from '../shared/appContext'
import styles from './layout.module.css'

/** The chrome of the main-layout routes: top bar, sidebars, content, panels. */
export default function MainLayout({ children }: { children: ReactNode }) {
  useKeyboardShortcuts()
  const classic = useQuery({ type: 'navigation/State' }).navigationType === 'classic'
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
        <SetMeUpPanel />
      </div>
      <QuickSetupOverlay />
      <ContactUsDialog />
      <ShortcutsDialog />
      <NavigationTour />
    </div>
  )
}
