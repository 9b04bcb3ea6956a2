import { useId, useState } from 'react'
import { Trash2 } from 'lucide-react'
import { Button, IconButton } from './kit/Button'
import styles from './deleteButton.module.css'

/**
 * Delete with a confirmation in place: the first click asks, the second one deletes. Its icon
 * alone, named for assistive technology and on hover: worded, it took 90 px of each list's
 * row beside names of 100 to 170 px at 1024 px (Users, Groups, Permissions, Repositories).
 */
export function DeleteButton({
  what,
  name,
  disabled,
  onConfirm,
}: {
  what: string
  name: string
  disabled?: boolean
  onConfirm: () => void
}) {
  const [asking, setAsking] = useState(false)
  const id = useId()
  if (!asking)
    return (
      <IconButton
        size="sm"
        icon={<Trash2 size={16} aria-hidden />}
        label={`Delete ${what} ${name}`}
        disabled={disabled}
        onClick={() => setAsking(true)}
      />
    )
  return (
    <span role="alertdialog" aria-labelledby={id} className={styles.confirm}>
      <span id={id}>
        Delete {what} {name}?
      </span>
      <Button
        variant="danger"
        size="sm"
        onClick={() => {
          setAsking(false)
          onConfirm()
        }}
      >
        Delete
      </Button>
      <Button size="sm" autoFocus onClick={() => setAsking(false)}>
        Cancel
      </Button>
    </span>
  )
}
