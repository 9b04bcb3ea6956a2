/**
 * The top bar's menus on the kit's DropdownMenu (Radix: arrow keys, Home/End, typeahead, Escape
 * back to the button), with their open state on the bus (navigation/OpenMenu) so shortcuts and
 * the tour can close them. A chunk of its own, loaded with the main layout: until it arrives
 * MainLayout shows the same buttons (TopMenuButtons), and a click then opens the menu as soon as
 * the chunk is there, since the open state is already on the bus.
 */
import type { TopMenuItem } from '../../domain/navigation/topMenus'
import { topMenuBlock } from '../../domain/navigation/readOnly'
import { useApp, useDispatch, useQuery } from '../shared/appContext'
import { useNavigate } from '../shared/busLocation'
import { DropdownMenu, MenuRadioGroup, type MenuEntry } from '../shared/kit/DropdownMenu'
import { messageText } from '../shared/messages'
import type { ThemeChoice } from '../shared/theme'
import type { MenuIcons } from './TopMenuButtons'
import styles from './layout.module.css'

export interface TopMenusProps {
  readonly theme: ThemeChoice
  readonly onTheme: (choice: ThemeChoice) => void
  /** The menus' icons, from the layout's chunk (TopMenuButtons): this chunk then needs no icon module. */
  readonly icons: MenuIcons
  /** The menus' items, from the layout's chunk (useTopMenuItems): their rules load with it, not with the login page. */
  readonly menus: TopMenuLists
  /** Takes the focus the stand-in buttons had (TopMenuButtons). */
  readonly focusRef?: React.Ref<HTMLDivElement>
}

export interface TopMenuLists {
  readonly user: ReadonlyArray<TopMenuItem>
  readonly help: ReadonlyArray<TopMenuItem>
}

export default function TopMenus({ theme, onTheme, icons, menus, focusRef }: TopMenusProps) {
  const ctx = useQuery({ type: 'navigation/Context' })
  const openMenu = useQuery({ type: 'navigation/State' }).openMenu
  const dispatch = useDispatch()
  const app = useApp()
  const navigate = useNavigate()

  const choose = (item: TopMenuItem) => {
    dispatch({ type: 'navigation/OpenMenu', menu: null })
    if (item.href) return navigate(item.href)
    if (item.external) return window.open(item.external, '_blank', 'noopener,noreferrer')
    switch (item.action) {
      case 'setMeUp':
        return dispatch({ type: 'setMeUp/Show' })
      case 'logout':
        return navigate('/logout')
      case 'contactUs':
        return dispatch({ type: 'navigation/OpenModal', modal: 'contactUs' })
      case 'tour':
        return dispatch({ type: 'tour/Start' })
      case 'switchUi':
        return dispatch({ type: 'preferences/SwitchNavigationType' })
      case 'shortcuts':
        return dispatch({ type: 'navigation/OpenModal', modal: 'keyboardShortcuts' })
      case 'debugTools':
        return dispatch({ type: 'navigation/ToggleDebugPanel' })
      case 'educationCenter':
        return dispatch({ type: 'education/Open' })
      default:
        return undefined
    }
  }
  const entries = (items: ReadonlyArray<TopMenuItem>): MenuEntry[] =>
    items.map((item) => {
      const blockedBy = topMenuBlock(item.id, ctx)
      return {
        id: item.id,
        label: blockedBy ? (
          <span className={styles.blockedItem}>
            {item.title}
            <span className={styles.blockedReason}>{messageText({ key: blockedBy })}</span>
          </span>
        ) : (
          item.title
        ),
        textValue: item.title,
        ...(blockedBy ? { disabled: true } : {}),
        icon: icons.items[item.id],
        ...(item.action === 'logout' ? { tone: 'danger' as const } : {}),
        onSelect: () => choose(item),
      }
    })
  // The last entries (profile, log out / log in) in a group of their own, after a line.
  const accountIds = new Set(['editProfile', 'logout', 'login'])
  const userGroups = [
    entries(menus.user.filter((i) => !accountIds.has(i.id))),
    entries(menus.user.filter((i) => accountIds.has(i.id))),
  ].filter((g) => g.length > 0)
  // A menu closes only itself: moving from one menu to the other opens the second before the
  // first reports it closed, so the state is read when that report comes, not at render.
  const openChange = (menu: 'help' | 'user') => (open: boolean) => {
    if (open) dispatch({ type: 'navigation/OpenMenu', menu })
    else if (app.getState().navigation.openMenu === menu)
      dispatch({ type: 'navigation/OpenMenu', menu: null })
  }

  return (
    <div className={styles.menus} ref={focusRef}>
      <DropdownMenu
        label="Help"
        trigger={
          <>
            {icons.help}
            <span className={styles.menuButtonText}>Help</span>
          </>
        }
        triggerClassName={styles.menuButton}
        triggerProps={{ 'data-tour': 'helpMenu' }}
        groups={[entries(menus.help)]}
        open={openMenu === 'help'}
        onOpenChange={openChange('help')}
      />
      <DropdownMenu
        label="User menu"
        trigger={
          <>
            {icons.user}
            <span className={styles.menuButtonText}>{ctx.signedIn ? ctx.userName : 'Guest'}</span>
          </>
        }
        triggerClassName={styles.menuButton}
        triggerProps={{ 'data-tour': 'userMenu' }}
        header={<MenuRadioGroup label="Theme" value={theme} options={icons.themes} onValueChange={onTheme} />}
        groups={userGroups}
        open={openMenu === 'user'}
        onOpenChange={openChange('user')}
      />
    </div>
  )
}
