/**
 * A file picker: the native file input (its keyboard, its dialog and its accessible name from the
 * Field's label stay the browser's) laid transparent over a button drawn like the kit's secondary
 * Button, with the chosen file's name beside it, read with the input as its description. No
 * browser-default "Choose File / No file chosen" on any screen.
 */
import { useId, type ReactNode } from 'react'
import { FileUp } from 'lucide-react'
import { Field, type FieldProps } from './Field'
import { kitText } from './messages'
import styles from './fileField.module.css'

export interface FileFieldProps extends Omit<FieldProps, 'children'> {
  /** Called with the chosen file, or null when the choice was cleared. */
  readonly onFile: (file: File | null) => void
  /** What was chosen, as the screen says it (a name and a size); the placeholder before. */
  readonly chosen?: ReactNode
  readonly accept?: string
  readonly disabled?: boolean
  /** The button's text. */
  readonly buttonLabel?: string
  /** Clear the input after each choice, so choosing the same file again is seen (an import). */
  readonly resetAfterChoice?: boolean
}

export function FileField({
  onFile,
  chosen,
  accept,
  disabled,
  buttonLabel = kitText({ key: 'chooseFile' }),
  resetAfterChoice = false,
  ...field
}: FileFieldProps) {
  return (
    <Field {...field}>
      <FilePicker
        onFile={onFile}
        chosen={chosen}
        accept={accept}
        disabled={disabled}
        buttonLabel={buttonLabel}
        resetAfterChoice={resetAfterChoice}
      />
    </Field>
  )
}

function FilePicker({
  onFile,
  chosen,
  accept,
  disabled,
  buttonLabel,
  resetAfterChoice,
  id,
  ...aria
}: Omit<FileFieldProps, 'label'> & {
  readonly id?: string
  readonly 'aria-describedby'?: string
  readonly 'aria-invalid'?: boolean
  readonly 'aria-required'?: boolean
}) {
  const nameId = useId()
  const describedBy = [aria['aria-describedby'], chosen ? nameId : undefined].filter(Boolean).join(' ')
  return (
    <span className={styles.picker}>
      <span className={styles.button} data-disabled={disabled || undefined}>
        <FileUp size={16} aria-hidden="true" />
        {buttonLabel}
        <input
          id={id}
          type="file"
          className={styles.input}
          accept={accept}
          disabled={disabled}
          aria-describedby={describedBy || undefined}
          aria-invalid={aria['aria-invalid']}
          aria-required={aria['aria-required']}
          onChange={(e) => {
            onFile(e.target.files?.[0] ?? null)
            if (resetAfterChoice) e.target.value = ''
          }}
        />
      </span>
      {chosen && (
        <span id={nameId} className={styles.name}>
          {chosen}
        </span>
      )}
    </span>
  )
}
