/** A labelled text input or text area of the forms (admin, support bundles): the kit's Field around the control. */
import { Field as KitField, inputClass } from './Field'

export function Field({
  label,
  value,
  onChange,
  error,
  type = 'text',
  autoComplete,
  multiline = false,
  required = false,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  error?: string | undefined
  type?: string
  autoComplete?: string
  multiline?: boolean
  /** Marked with the kit's required mark (and aria-required): the form refuses it empty. */
  required?: boolean
}) {
  return (
    <KitField label={label} error={error} required={required}>
      {multiline ? (
        <textarea
          className={inputClass}
          rows={3}
          value={value}
          aria-invalid={error ? true : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <input
          className={inputClass}
          value={value}
          aria-invalid={error ? true : undefined}
          type={type}
          autoComplete={autoComplete}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </KitField>
  )
}
