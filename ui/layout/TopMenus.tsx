import { useRef, useEffect } from 'react'
import { quickActionVisible, type TopMenuItem } from '../../domain/navigation'
import { useDispatch, useQuery } from '../shared/appContext'
import { useNavigate } from '../navigation/busLocation'
import styles from './layout.module.css'

interface MenuProps {
  readonly id: 'user' | 'help'
  readonly label: string
  readonly buttonText: string
  readonly items: ReadonlyArray<TopMenuItem>
  readonly extra?: ReadonlyArray<{ readonly id: string; readonly title: string; readonly run: () => void }>
}

/** A disclosure menu: a button and a list of menu items; Escape or a choice closes it. */
function Menu({ id, label, buttonText, items, extra = [] }: MenuProps) {
  const open = useQuery({ type: 'navigation/State' }).openMenu === id
  const dispatch = useDispatch()
  const navigate = useNavigate()
  const listRef = useRef<HTMLUListElement>(null)
  useEffect(() => {
    if (open) listRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus()
  }, [open])
  const close = () => dispatch({ type: 'navigation/OpenMenu', menu: null })
  const choose = (item: TopMenuItem) => {
    close()
    if (item.href) return navigate(item.href)
    if (item.external) return window.open(item.external, '_blank', 'noopener,noreferrer')
    switch (item.action) {
      case 'setMeUp':
        return dispatch({ type: 'navigation/ShowSetMeUp' })
      case 'quickSetup':
        return dispatch({ type: 'navigation/OpenQuickSetup' })
      case 'logout':
        return navigate('/logout')
      case 'contactUs':
        return dispatch({ type: 'navigation/OpenModal', modal: 'contactUs' })
      case 'tour':
        return dispatch({ type: 'navigation/StartTour' })
      case 'switchUi':
        return dispatch({ type: 'navigation/SwitchNavigationType' })
      case 'shortcuts':
        return dispatch({ type: 'navigation/OpenModal', modal: 'keyboardShortcuts' })
      case 'debugTools':
        return dispatch({ type: 'navigation/ToggleDebugPanel' })
      default:
        return undefined
    }
  }
  return (
    <div className={styles.menu}>
      <button
        type="button"
        data-tour={id === 'user' ? 'userMenu' : 'helpMenu'}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        onClick={() => dispatch({ type: 'navigation/OpenMenu', menu: open ? null : id })}
      >
        {buttonText}
      </button>
      {open && (
        <ul
          id={`${id}-menu`}
          role="menu"
          aria-label={label}
          ref={listRef}
          className={styles.menuList}
          onKeyDown={(e) => {
            if (e.key === 'Escape') close()
          }}
        >
          {items.map((item) => (
            <li key={item.id} role="none">
              <button type="button" role="menuitem" onClick={() => choose(item)}>
                {item.title}
              </button>
            </li>
          ))}
          {extra.map((entry) => (
            <li key={entry.id} role="none">
              <button
                type="button"
                role="menuitem"
                onClick={() => {
                  close()
                  entry.run()
                }}
              >
                {entry.title}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

export function TopMenus() {
  const menus = useQuery({ type: 'navigation/TopMenus' })
  const ctx = useQuery({ type: 'navigation/Context' })
  const path = useQuery({ type: 'navigation/Location' }).path
  const dispatch = useDispatch()
  return (
    <div className={styles.menus}>
      {quickActionVisible(ctx, path) && (
        <button type="button" onClick={() => dispatch({ type: 'navigation/OpenQuickSetup' })}>
          Quick Setup
        </button>
      )}
      <Menu id="help" label="Help" buttonText="Help" items={menus.help} />
      <Menu
        id="user"
        label="User menu"
        buttonText={ctx.signedIn ? ctx.userName : 'Guest'}
        items={menus.user}
      />
    </div>
  )
}
