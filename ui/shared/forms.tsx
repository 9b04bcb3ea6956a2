/**
 * The one form helper: values kept in the form (so a refused save loses nothing typed), the
 * rules run on every change, and their messages shown only once the user has tried to submit
 * (or, with `show: 'leave'`, also a field's once the user has left it).
 * The rules give each field's problem as a message key with its data (domain/shared/messages.ts);
 * `word` is the view's catalogue (messageText, or an area's), so this module loads none.
 * `bind(key)` gives a field its value, change handler and worded message in one spread.
 */
import { useCallback, useState, type FormEvent } from 'react'
import type { Either } from 'fp-ts/Either'
import type { FormMessage } from '../../domain/shared/messages'

/** Problems by field: message keys with their data, not words. */
export type Problems<M = FormMessage> = Readonly<Partial<Record<string, M>>>

export interface Binding<V> {
  readonly value: V
  readonly onChange: (value: V) => void
  /** Marks the field as left (its message shows from then on, with `show: 'leave'`). */
  readonly onBlur: () => void
  readonly error: string | undefined
}

export interface FormOptions {
  /**
   * When a field's message shows: once a submit was tried (the default), or also once the user
   * left the field ('leave'), for a form whose submit stays disabled until it holds (spec 001's
   * contact-us form), where no submit would say what is wrong.
   */
  readonly show?: 'submit' | 'leave'
}

export interface Form<T extends object, M = FormMessage> {
  readonly values: T
  /** Each field's problem as a message key (unworded); what the rules say now, shown or not. */
  readonly problems: Problems<M>
  /** Whether a submit was tried (messages are shown from then on). */
  readonly shown: boolean
  /** Whether the rules find no problem (for a submit disabled until then). */
  readonly valid: boolean
  set(patch: Partial<T>): void
  /** Starts again from these values, messages hidden (after a value was taken, e.g. added to a list). */
  reset(values: T): void
  bind<K extends keyof T & string>(key: K): Binding<T[K]>
  /** A submit handler that shows the messages and calls `onValid` only when there are none. */
  submit(onValid: (values: T) => void): (event: FormEvent) => void
  /** The worded message of a field that is not bound to one input (a list, a table). */
  errorOf(key: string): string | undefined
}

export function useForm<T extends object, M = FormMessage>(
  initial: T | (() => T),
  validate: (values: T) => Problems<M>,
  word: (message: M) => string,
  options: FormOptions = {},
): Form<T, M> {
  const [values, setValues] = useState<T>(initial)
  const [shown, setShown] = useState(false)
  // The fields the user has left, with `show: 'leave'` (none otherwise).
  const [left, setLeft] = useState<Readonly<Record<string, true>>>({})
  const problems = validate(values)
  const set = useCallback((patch: Partial<T>) => setValues((v) => ({ ...v, ...patch })), [])
  const errorOf = (key: string) => {
    const problem = shown || left[key] ? problems[key] : undefined
    return problem === undefined ? undefined : word(problem)
  }
  return {
    values,
    problems,
    shown,
    valid: Object.keys(problems).length === 0,
    set,
    reset: (next) => {
      setValues(next)
      setShown(false)
      setLeft({})
    },
    errorOf,
    bind: (key) => ({
      value: values[key],
      onChange: (value) => set({ [key]: value } as unknown as Partial<T>),
      onBlur: () => {
        if (options.show === 'leave') setLeft((l) => ({ ...l, [key]: true }))
      },
      error: errorOf(key),
    }),
    submit: (onValid) => (event) => {
      event.preventDefault()
      setShown(true)
      if (Object.keys(problems).length === 0) onValid(values)
    },
  }
}

export interface ValidatedForm<T extends object, V, M = FormMessage> extends Omit<Form<T, M>, 'submit'> {
  /** A submit handler that shows the messages and calls `onValid` with the rule's value when it has one. */
  submit(onValid: (valid: V) => void): (event: FormEvent) => void
}

/**
 * A form whose domain rule gives the validated value or the problems (validated forms as types):
 * the submit handler gets the value the command takes, never the raw fields.
 */
export function useValidatedForm<T extends object, V, M = FormMessage>(
  initial: T | (() => T),
  rule: (values: T) => Either<Problems<M>, V>,
  word: (message: M) => string,
  options: FormOptions = {},
): ValidatedForm<T, V, M> {
  const form = useForm<T, M>(initial, (values) => problemsOf(rule(values)), word, options)
  return {
    ...form,
    submit: (onValid) =>
      form.submit((values) => {
        const checked = rule(values)
        if (checked._tag === 'Right') onValid(checked.right)
      }),
  }
}

/** The problems of a rule's answer (none when it gave a value). */
const problemsOf = <M, V>(checked: Either<Problems<M>, V>): Problems<M> =>
  checked._tag === 'Left' ? checked.left : {}
