// Public surface of the session area.
export * from './types'
export * from './events'
export * from './accountEvents'
export type * from './commands'
export { sessionArea } from './decider'
export * from './rules'
export { profilePasswordUnlockState, type ProfileUnlockFlags } from './accountForms'
export * from './selectors'
export * from './loginGuard'
export {
  LOGIN_PATH,
  MFA_ENROLL_PATH,
  OTP_LOGIN_PATH,
  CHANGE_PASSWORD_PATH,
  EXPIRED_CODES,
  EXPIRED_REASON,
  changePasswordPath,
} from './policies'
export { UI_BASE, withoutBase } from './redirect'
