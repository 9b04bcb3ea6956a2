/**
 * The top bar's buttons before the menus' chunk (TopMenus) has loaded, or if it failed: the
 * same names, and a click puts the open state on the bus, so the menu opens as the chunk comes.
 * The chunk is asked for when the user shows intent (the pointer over the buttons, the focus on
 * one: ui/shared/kit/intent.ts), not with every page.
 * The menus' icons are here too: they are small, and the layout's chunk carries them.
 */
import type { ReactNode } from 'react'
import {
  ArrowLeftRight,
  BookOpen,
  Bug,
  CircleHelp,
  CircleUserRound,
  Database,
  GraduationCap,
  Keyboard,
  LogIn,
  LogOut,
  Mail,
  Map as MapIcon,
  Monitor,
  Moon,
  PlayCircle,
  Rocket,
  ShieldCheck,
  Sun,
  Terminal,
  UserPen,
  UserPlus,
  Users,
  Zap,
} from 'lucide-react'
import { useDispatch, useQuery } from '../shared/appContext'
import type { Intent } from '../shared/kit/intent'
import type { ThemeChoice } from '../shared/theme'
import styles from './layout.module.css'

export interface MenuIcons {
  readonly help: ReactNode
  readonly user: ReactNode
  readonly items: Readonly<Record<string, ReactNode>>
  readonly themes: ReadonlyArray<{
    readonly value: ThemeChoice
    readonly label: string
    readonly icon: ReactNode
  }>
}

// Every entry of the menus has one (tests/component/chrome-menus.test.tsx), so their words line up.
const ITEM_ICONS: Readonly<Record<string, ReactNode>> = {
  gettingStarted: <Rocket size={16} />,
  quickRepo: <Zap size={16} />,
  setMeUp: <Terminal size={16} />,
  newLocal: <Database size={16} />,
  newRemote: <Database size={16} />,
  newVirtual: <Database size={16} />,
  newUser: <UserPlus size={16} />,
  newGroup: <Users size={16} />,
  newPermission: <ShieldCheck size={16} />,
  switchUi: <ArrowLeftRight size={16} />,
  tour: <MapIcon size={16} />,
  educationCenter: <PlayCircle size={16} />,
  contactUs: <Mail size={16} />,
  debugTools: <Bug size={16} />,
  documentation: <BookOpen size={16} />,
  learningCenter: <GraduationCap size={16} />,
  shortcuts: <Keyboard size={16} />,
  editProfile: <UserPen size={16} />,
  logout: <LogOut size={16} />,
  login: <LogIn size={16} />,
}

export const MENU_ICONS: MenuIcons = {
  help: <CircleHelp size={18} aria-hidden />,
  user: <CircleUserRound size={18} aria-hidden />,
  items: ITEM_ICONS,
  themes: [
    { value: 'system', label: 'System', icon: <Monitor size={16} /> },
    { value: 'light', label: 'Light', icon: <Sun size={16} /> },
    { value: 'dark', label: 'Dark', icon: <Moon size={16} /> },
  ],
}

export function TopMenuButtons({ intent }: { readonly intent?: Intent }) {
  const ctx = useQuery({ type: 'navigation/Context' })
  const open = useQuery({ type: 'navigation/State' }).openMenu
  const dispatch = useDispatch()
  const toggle = (menu: 'help' | 'user') =>
    dispatch({ type: 'navigation/OpenMenu', menu: open === menu ? null : menu })
  // The buttons answer as the menus' own triggers do (Radix): a press of the main button, and
  // Enter, Space or Arrow Down. On a click, the menus' chunk may replace these buttons between
  // the press and the release, and the release's click then lands on a button no longer there.
  const trigger = (menu: 'help' | 'user') => ({
    onPointerDown: (event: React.PointerEvent) => {
      if (event.button !== 0 || event.ctrlKey) return
      event.preventDefault()
      toggle(menu)
    },
    onKeyDown: (event: React.KeyboardEvent) => {
      if (event.key !== 'Enter' && event.key !== ' ' && event.key !== 'ArrowDown') return
      event.preventDefault()
      toggle(menu)
    },
  })
  return (
    <div className={styles.menus} ref={intent?.standIn} onPointerEnter={intent?.want} onFocus={intent?.want}>
      <button
        type="button"
        className={styles.menuButton}
        aria-haspopup="menu"
        aria-expanded={open === 'help'}
        {...trigger('help')}
      >
        {MENU_ICONS.help}
        <span className={styles.menuButtonText}>Help</span>
      </button>
      <button
        type="button"
        className={styles.menuButton}
        aria-haspopup="menu"
        aria-expanded={open === 'user'}
        {...trigger('user')}
      >
        {MENU_ICONS.user}
        <span className={styles.menuButtonText}>{ctx.signedIn ? ctx.userName : 'Guest'}</span>
      </button>
    </div>
  )
}
