/**
 * The date picker's catalogue (the kit's is messages.ts): what DatePicker.tsx says, as message
 * keys with their data, worded here once. Its own module, so that only the picker's chunk carries
 * these words. Days come as ISO days ('2026-03-12') and are formatted here, in the user's locale.
 */
import { formatDayDigits, formatMonthYear } from '../dates'

/** Why what was typed is not a day one can choose (the field's error). */
export type DateProblem =
  // Not a date at all: the pattern to type ('mm/dd/yyyy').
  | { readonly key: 'dateShape'; readonly pattern: string }
  | { readonly key: 'noSuchMonth'; readonly month: number; readonly pattern: string }
  // A day the month does not have (31/02/2026): the month as an ISO day ('2026-02-01').
  | { readonly key: 'noSuchDay'; readonly month: string; readonly day: number }
  | { readonly key: 'notBefore'; readonly min: string }
  | { readonly key: 'notAfter'; readonly max: string }

export type DateMessage =
  | DateProblem
  // The calendar button's name, with the field's label when it is a text.
  | { readonly key: 'chooseDate'; readonly field?: string | undefined }
  // The expected format, read with the field.
  | { readonly key: 'dateFormat'; readonly pattern: string }
  | { readonly key: 'previousMonth' }
  | { readonly key: 'nextMonth' }
  | { readonly key: 'clearDate' }
  | { readonly key: 'today' }

export function dateText(message: DateMessage): string {
  switch (message.key) {
    case 'dateShape':
      return `Type the date as ${message.pattern}, or pick it in the calendar.`
    case 'noSuchMonth':
      return `There is no month ${message.month}: type the date as ${message.pattern}.`
    case 'noSuchDay':
      return `${formatMonthYear(message.month)} has no day ${message.day}.`
    case 'notBefore':
      return `Choose ${formatDayDigits(message.min)} or later.`
    case 'notAfter':
      return `Choose ${formatDayDigits(message.max)} or earlier.`
    case 'chooseDate':
      return message.field ? `Choose date (${message.field})` : 'Choose date'
    case 'dateFormat':
      return `Format: ${message.pattern}`
    case 'previousMonth':
      return 'Previous month'
    case 'nextMonth':
      return 'Next month'
    case 'clearDate':
      return 'Clear'
    case 'today':
      return 'Today'
  }
}
