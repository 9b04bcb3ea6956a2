/**
 * A menu button (Radix DropdownMenu): arrow keys, Home/End, typeahead, Escape back to the
 * trigger. The open state can be held outside (the top menus keep it on the bus).
 */
import { useRef, type ReactNode } from 'react'
import * as RMenu from '@radix-ui/react-dropdown-menu'
import styles from './menu.module.css'

export interface MenuEntry {
  readonly id: string
  readonly label: ReactNode
  /** Plain text for typeahead when the label is not a string. */
  readonly textValue?: string
  readonly icon?: ReactNode
  readonly onSelect: () => void
  readonly disabled?: boolean
  readonly tone?: 'danger'
}

export interface DropdownMenuProps {
  /** The trigger's content; it becomes a button. */
  readonly trigger: ReactNode
  /** The menu's accessible name. */
  readonly label: string
  /** Groups of entries, separated by a line. */
  readonly groups: ReadonlyArray<ReadonlyArray<MenuEntry>>
  readonly open?: boolean
  readonly onOpenChange?: (open: boolean) => void
  readonly triggerClassName?: string
  readonly triggerProps?: Readonly<Record<`data-${string}`, string>>
  readonly align?: 'start' | 'end'
  /** Extra content above the entries (a header, a theme switch). */
  readonly header?: ReactNode
}

export function DropdownMenu({
  trigger,
  label,
  groups,
  open,
  onOpenChange,
  triggerClassName,
  triggerProps,
  align = 'end',
  header,
}: DropdownMenuProps) {
  const triggerRef = useRef<HTMLButtonElement>(null)
  // Whether the menu's last input was the pointer: an entry picked with the mouse gives focus back
  // to the trigger without the keyboard's ring (Chromium drew it, as after a key, and it stayed).
  const byPointer = useRef(false)
  return (
    <RMenu.Root open={open} onOpenChange={onOpenChange} modal={false}>
      <RMenu.Trigger ref={triggerRef} className={triggerClassName ?? styles.trigger} {...triggerProps}>
        {trigger}
      </RMenu.Trigger>
      <RMenu.Portal>
        <RMenu.Content
          onPointerDown={() => (byPointer.current = true)}
          onKeyDown={() => (byPointer.current = false)}
          onCloseAutoFocus={(event) => {
            if (!byPointer.current) return
            byPointer.current = false
            event.preventDefault()
            // Chromium's FocusOptions (not yet in TypeScript's DOM types): focus, no ring.
            const options: FocusOptions & { readonly focusVisible?: boolean } = { focusVisible: false }
            triggerRef.current?.focus(options)
          }}
          className={styles.content}
          // The menu's own name, not the trigger's text (Radix names it after the trigger).
          aria-labelledby={undefined}
          aria-label={label}
          align={align}
          sideOffset={6}
        >
          {header}
          {groups.map((group, i) => (
            <RMenu.Group key={i}>
              {i > 0 && <RMenu.Separator className={styles.separator} />}
              {group.map((entry) => (
                <RMenu.Item
                  key={entry.id}
                  className={styles.item}
                  data-tone={entry.tone}
                  disabled={entry.disabled}
                  textValue={entry.textValue}
                  onSelect={entry.onSelect}
                >
                  {entry.icon && (
                    <span className={styles.icon} aria-hidden="true">
                      {entry.icon}
                    </span>
                  )}
                  {entry.label}
                </RMenu.Item>
              ))}
            </RMenu.Group>
          ))}
        </RMenu.Content>
      </RMenu.Portal>
    </RMenu.Root>
  )
}

/** A labelled group of radio items inside a menu (the theme choice of the user menu). */
export function MenuRadioGroup<V extends string>({
  label,
  value,
  options,
  onValueChange,
}: {
  readonly label: string
  readonly value: V
  readonly options: ReadonlyArray<{ readonly value: V; readonly label: string; readonly icon?: ReactNode }>
  readonly onValueChange: (value: V) => void
}) {
  return (
    <>
      <RMenu.Label className={styles.label}>{label}</RMenu.Label>
      <RMenu.RadioGroup value={value} onValueChange={(v) => onValueChange(v as V)} aria-label={label}>
        {options.map((o) => (
          <RMenu.RadioItem
            key={o.value}
            value={o.value}
            className={styles.item}
            onSelect={(e) => e.preventDefault()}
          >
            <span className={styles.icon} aria-hidden="true">
              {o.icon}
            </span>
            {o.label}
            <RMenu.ItemIndicator className={styles.check}>●</RMenu.ItemIndicator>
          </RMenu.RadioItem>
        ))}
      </RMenu.RadioGroup>
      <RMenu.Separator className={styles.separator} />
    </>
  )
}
