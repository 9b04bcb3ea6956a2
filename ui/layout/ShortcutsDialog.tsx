import { shortcutsFor } from '../../domain/navigation/shortcuts'
import { useDispatch, useQuery } from '../shared/appContext'
import { ShellDialog } from '../shared/kit/ShellDialog'
import chrome from '../shared/chrome.module.css'

/** Lists the shortcuts this user has (opened by `?` or Help > Keyboard Shortcuts). */
export function ShortcutsDialog() {
  const open = useQuery({ type: 'navigation/State' }).openModals.includes('keyboardShortcuts')
  const ctx = useQuery({ type: 'navigation/Context' })
  const dispatch = useDispatch()
  return (
    <ShellDialog
      open={open}
      onClose={() => dispatch({ type: 'navigation/CloseModal', modal: 'keyboardShortcuts' })}
      title="Keyboard Shortcuts"
      description="Shortcuts do nothing while you type in a field."
    >
      <table className={chrome.shortcuts}>
        <thead>
          <tr>
            <th scope="col">Keys</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {shortcutsFor(ctx).map((s) => (
            <tr key={s.action}>
              <td>
                {s.keys.map((k, i) => (
                  <span key={k}>
                    {i > 0 && ' then '}
                    <kbd>{k}</kbd>
                  </span>
                ))}
              </td>
              <td>{s.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ShellDialog>
  )
}
