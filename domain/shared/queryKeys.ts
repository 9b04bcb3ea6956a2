/**
 * Query-string keys more than one area reads. The contact-us context opens the contact-us
 * dialog (navigation), goes with a search to another route (search) and is taken off the
 * address when the dialog closes (onboarding): one key, written once.
 */
export const CONTACT_US_QUERY_KEY = 'contactUsContext'
