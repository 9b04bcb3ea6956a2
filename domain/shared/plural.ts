/**
 * Counted words ("1 package", "3 packages") by the language's plural rules (Intl.PluralRules),
 * not by comparing with 1: the forms are named as the rules name them, so another language's
 * catalogue adds its forms (few, many) without touching the callers.
 */
const RULES = new Intl.PluralRules('en')

/** The word's forms by plural category; `other` is the one every language has. */
export interface PluralForms {
  readonly one: string
  readonly other: string
  readonly zero?: string
  readonly two?: string
  readonly few?: string
  readonly many?: string
}

/** The form of the word that goes with `count`. */
export function pluralForm(count: number, forms: PluralForms): string {
  return forms[RULES.select(count)] ?? forms.other
}

/** The count, grouped as the language writes it, and the word in its form: "1,204 packages". */
export function counted(count: number, forms: PluralForms): string {
  return `${count.toLocaleString('en')} ${pluralForm(count, forms)}`
}
