/** Event data codecs the login page's session events and the account screens' share. */
import * as t from 'io-ts'
import { Failure } from '../shared/failure'

export const UserDataC = t.intersection([
  t.type({
    name: t.string,
    anonymous: t.boolean,
    admin: t.boolean,
    realm: t.string,
    mfaStatus: t.string,
    firstLogin: t.boolean,
    freeTier: t.boolean,
    hasSeenGettingStarted: t.boolean,
    quickDeployEnabled: t.boolean,
    wizardClosed: t.boolean,
    newOnboarding: t.boolean,
    existsInDB: t.boolean,
    profileUpdatable: t.boolean,
    requireProfilePassword: t.boolean,
    requireProfileUnlock: t.boolean,
  }),
  // Optional so that logs recorded before the field existed still replay.
  t.partial({ email: t.string, projectAdmin: t.boolean }),
])

export const FailureData = t.type({ failure: Failure })
