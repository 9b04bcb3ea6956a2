import type { ReactNode } from 'react'
import { SearchBar } from '../search/SearchBar'
import { ShortcutsDialog, useKeyboardShortcuts } from './KeyboardShortcuts'
import { Logo } from './Logo'
import { ContactUsDialog, QuickSetupOverlay, SetMeUpPanel } from './Overlays'
import { Sidebar } from './Sidebar'
import { TopMenus } from './TopMenus'
import styles from './layout.module.css'

/** The chrome of the main-layout routes: top bar, sidebars, content, panels. */
export default function MainLayout({ children }: { children: ReactNode }) {
  useKeyboardShortcuts()
  return (
    <div className={styles.shell}>
      <header className={styles.topbar}>
        <Logo />
        <div className={styles.search}>
          <SearchBar />
        </div>
        <TopMenus />
      </header>
      <div className={styles.body}>
        <Sidebar />
        <main className={styles.content} id="main">
          {children}
        </main>
        <SetMeUpPanel />
      </div>
      <QuickSetupOverlay />
      <ContactUsDialog />
      <ShortcutsDialog />
    </div>
  )
}
