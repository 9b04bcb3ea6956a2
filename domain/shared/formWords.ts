/**
 * The word every form shares for an empty mandatory field (spec 000 section 5), in a module
 * of its own: the login page's screens need it without the rest of the form rules (forms.ts).
 */
export const MANDATORY_MESSAGE = 'This field is mandatory'
