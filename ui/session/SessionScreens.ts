// The session area's screens besides login, one chunk loaded when one of them is opened: the
// login page loads only LoginScreen (see index.tsx).
export { MfaEnrollScreen, OtpLoginScreen } from './MfaScreens'
export { ChangePasswordScreen, ForgotPasswordScreen, ResetPasswordScreen } from './PasswordScreens'
export {
  CliExtensionScreen,
  CliRegistrationScreen,
  InvitationScreen,
  RegistrationScreen,
} from './AccountScreens'
export { AccountPortalScreen, AuthProviderScreen, LogoutScreen, SsoLoginScreen } from './RedirectScreens'
export { UserProfileScreen } from './ProfileScreen'
