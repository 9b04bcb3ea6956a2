// Where a completed login sends a user still to be onboarded (spec 000 section 4, onboarding):
// "an admin with new onboarding, onboarding needed, no quick deploy and no platform get-started
// goes to quick-setup after login. A first-login user with quick deploy enabled goes to
// /quick-setup, except from MFA enrollment and OTP login. A free-tier admin who has not seen
// getting-started gets the flag set and saved and the wizard opened." Each condition alone.
import { describe, expect, it } from 'vitest'
import {
  needsGettingStartedWizard,
  afterLoginPath,
  type AfterLoginInput,
  type AfterLoginUserFlags,
} from '../../domain/gettingStarted/afterLogin'

const nobody: AfterLoginUserFlags = {
  admin: false,
  firstLogin: false,
  freeTier: false,
  hasSeenGettingStarted: false,
  quickDeployEnabled: false,
  newOnboarding: false,
}

const after = (user: Partial<AfterLoginUserFlags>, rest: Partial<Omit<AfterLoginInput, 'user'>> = {}) =>
  afterLoginPath({
    user: { ...nobody, ...user },
    via: 'password',
    onboardingNeeded: false,
    platformGetStarted: false,
    ...rest,
  })

describe('after login, an admin of a platform still to be set up', () => {
  const admin = { admin: true, newOnboarding: true }
  const needed = { onboardingNeeded: true }

  it('goes to quick setup', () => {
    expect(after(admin, needed)).toBe('/quick-setup')
  })

  it('does not without each of its conditions', () => {
    expect(after({ ...admin, admin: false }, needed)).toBeNull()
    expect(after({ ...admin, newOnboarding: false }, needed)).toBeNull()
    expect(after(admin, { onboardingNeeded: false })).toBeNull()
    expect(after({ ...admin, quickDeployEnabled: true }, needed)).toBeNull()
    expect(after(admin, { ...needed, platformGetStarted: true })).toBeNull()
  })

  it('goes there after a second factor too (only the first-login rule leaves those out)', () => {
    expect(after(admin, { ...needed, via: 'otp' })).toBe('/quick-setup')
  })
})

describe('after login, a first-login user with quick deploy', () => {
  const first = { firstLogin: true, quickDeployEnabled: true }

  it('goes to quick setup, whichever form signed them in but the second factor', () => {
    for (const via of ['password', 'sso', 'register', 'cli'])
      expect(after(first, { via })).toBe('/quick-setup')
    expect(after(first, { via: 'otp' })).toBeNull()
  })

  it('does not without a first login, or without quick deploy', () => {
    expect(after({ ...first, firstLogin: false })).toBeNull()
    expect(after({ ...first, quickDeployEnabled: false })).toBeNull()
  })
})

describe('the getting-started wizard', () => {
  const freeAdmin = { ...nobody, freeTier: true, admin: true }

  it('opens for a free-tier admin who has not seen it', () => {
    expect(needsGettingStartedWizard(freeAdmin)).toBe(true)
  })

  it('not for one who has, nor for a user who is not an admin, nor off the free tier', () => {
    expect(needsGettingStartedWizard({ ...freeAdmin, hasSeenGettingStarted: true })).toBe(false)
    expect(needsGettingStartedWizard({ ...freeAdmin, admin: false })).toBe(false)
    expect(needsGettingStartedWizard({ ...freeAdmin, freeTier: false })).toBe(false)
  })
})
