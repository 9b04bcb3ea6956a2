// The admin API (only admins' pages call it), as its own lazily loaded chunk (see browserPorts.ts).
// Getting started's, contact us's and personalization's calls ride along: only admins answer the questionnaire and
// create the project, and one chunk costs the login page less than two.
export { createAdminApi } from '../http/admin'
export { createPersonalizationApi } from '../http/personalization'
export { createGettingStartedApi } from '../http/gettingStarted'
export { createContactApi } from '../http/contact'
// Set-me-up's address too: it was one of the onboarding calls, and rides along as they did.
export { createSetMeUpApi } from '../http/setMeUp'
