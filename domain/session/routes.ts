// The session area's routes: the login family, and the user's profile (domain/navigation/routes.ts gathers every area's).
import { app, type RouteDef } from '../shared/routes'

/** The login screens, each under /login and /auth. */
export const LOGIN_CHILDREN = [
  ['login', ''],
  ['otpLogin', '/otp-login'],
  ['mfaEnroll', '/mfa-enroll'],
  ['forgotPassword', '/forgot-password'],
  ['resetPassword', '/reset-password'],
  ['changePassword', '/change-password/:userName?'],
  ['registration', '/registration'],
  ['invitation', '/invitation'],
  ['cliRegistration', '/cli-registration'],
  ['ssoLogin', '/sso/:ssoLoginType'],
] as const

export const sessionRoutes: ReadonlyArray<RouteDef<'session'>> = [
  ...LOGIN_CHILDREN.flatMap(([name, child]) =>
    ['/login', '/auth'].map((base): RouteDef<'session'> => ({
      name,
      pattern: `${base}${child}`,
      title: 'Login',
      layout: 'bare',
      area: 'session',
      public: true,
    })),
  ),
  { name: 'logout', pattern: '/logout', layout: 'bare', area: 'session', public: true },
  { name: 'authProvider', pattern: '/auth-provider/:type', layout: 'bare', area: 'session', public: true },
  { name: 'myJfrogRedirect', pattern: '/user/my-jfrog-redirect', layout: 'bare', area: 'session' },
  { name: 'cli', pattern: '/plugs/extension/cli', layout: 'bare', area: 'session', public: true },
  {
    name: 'cliVerify',
    pattern: '/plugs/extension/cli/verify',
    layout: 'bare',
    area: 'session',
    public: true,
  },
  app('userProfile', '/user_profile', 'User Profile', 'session'),
]
