/**
 * The words of the `notAuthorized` key (spec 001's catalogue), in a module of its own: the
 * login page shows them without the catalogue (messages.ts), the 403 page and the toasts with it.
 */
export const NOT_AUTHORIZED_MESSAGE = 'You are not authorized to view this page'
