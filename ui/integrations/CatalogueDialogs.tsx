/**
 * The catalogue's admin dialogs, loaded when an admin first opens one (a developer never does):
 * the Set Up dialog of an entry, and the tools' common integration modal.
 */
import { ExternalLink } from 'lucide-react'
import type { CatalogueEntry } from '../../domain/integrations'
import { useDispatch } from '../shared/appContext'
import { Button } from '../shared/kit/Button'
import { Dialog } from '../shared/kit/Overlay'
import { ToolDialog, type IconOf } from './ToolDialog'
import styles from './integrations.module.css'

/** The admin's Set Up dialog: only its buttons close it (a click outside does not). */
function SetupDialog({
  entry,
  onClose,
  iconOf,
}: {
  entry: CatalogueEntry | null
  onClose: () => void
  iconOf: IconOf
}) {
  const dispatch = useDispatch()
  return (
    <Dialog
      open={entry !== null}
      onOpenChange={(open) => !open && onClose()}
      closeOnOutsideClick={false}
      size="sm"
      title={entry?.label ?? ''}
      footer={
        entry && (
          <>
            <Button
              icon={<ExternalLink size={16} aria-hidden />}
              onClick={() => window.open(entry.documentationLink, '_blank', 'noopener,noreferrer')}
            >
              Learn More
            </Button>
            <Button
              variant="primary"
              onClick={() => {
                dispatch({ type: 'integrations/RunSetupAction', entryId: entry.id })
                onClose()
              }}
            >
              Set Up
            </Button>
          </>
        )
      }
    >
      {entry && (
        <div className={styles.setupBody}>
          <span className={styles.setupIcon}>{iconOf(entry.icon, 40, entry.iconScale)}</span>
          <p className={styles.muted}>{entry.categories.join(' · ') || 'Integration'}</p>
        </div>
      )}
    </Dialog>
  )
}

export default function CatalogueDialogs({
  setup,
  onCloseSetup,
  iconOf,
}: {
  setup: CatalogueEntry | null
  onCloseSetup: () => void
  iconOf: IconOf
}) {
  return (
    <>
      <SetupDialog entry={setup} onClose={onCloseSetup} iconOf={iconOf} />
      <ToolDialog iconOf={iconOf} />
    </>
  )
}
