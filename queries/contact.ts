import type { QueryTable, Selector } from './types'
// The types module alone: the area's index is lazily loaded.
import type { ContactFormState, ContactRequestsList } from '../domain/contact/types'

const form: Selector<object, ContactFormState | undefined> = (state) => state.contact.form
const requests: Selector<object, ContactRequestsList | undefined> = (state) => state.contact.requests

// Queries of the contact area, named `contact/Noun`.
export const contactQueries = {
  'contact/Form': form,
  'contact/Requests': requests,
} satisfies QueryTable
