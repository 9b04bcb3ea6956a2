// The repository key quick setup's client flow accepts: a key the platform accepts (1 to 64
// characters of letters, digits, `_`, `.` and `-`, as the repository form says), no other.
import { describe, expect, it } from 'vitest'
import { createApp } from '../../composition/createApp'
import { setMeUpEffects } from '../../commands/effects/setMeUp'
import { relaunchFlowSupported } from '../../domain/quickSetup'
import { fakeSetMeUpApi, fakePorts } from '../support/fakePorts'

function setUpClient(packageType: string, repo: string) {
  const app = createApp({
    ports: fakePorts({ setMeUpApi: fakeSetMeUpApi() }),
    effects: setMeUpEffects,
  })
  app.dispatch({ type: 'quickSetup/Open' })
  app.dispatch({ type: 'quickSetup/SetUpClient', packageType, repo })
  const { clientFlow } = app.getState().quickSetup
  const setMeUp = app.getState().setMeUp.panel
  return { rejected: app.getState().bus.rejected, clientFlow, setMeUp }
}

const longest = 'r'.repeat(64)
const tooLong = 'r'.repeat(65)

describe("a client's repository key", () => {
  it('of 64 characters runs the guided flow of a type that has one', () => {
    expect(setUpClient('npm', longest)).toMatchObject({
      rejected: 0,
      clientFlow: { packageType: 'npm', repo: longest, step: 0 },
    })
    expect(relaunchFlowSupported('npm', longest)).toBe(true)
  })

  it('of 64 characters opens set-me-up for a type without a flow', () => {
    expect(setUpClient('generic', longest)).toMatchObject({
      rejected: 0,
      setMeUp: { visible: true, availableRepos: [longest] },
    })
  })

  it('of 65 characters is refused, with or without a flow', () => {
    for (const type of ['npm', 'generic']) {
      const outcome = setUpClient(type, tooLong)
      expect(outcome.rejected).toBe(1)
      expect(outcome.clientFlow).toBeUndefined()
      expect(outcome.setMeUp).toBeUndefined()
    }
    expect(relaunchFlowSupported('npm', tooLong)).toBe(false)
  })

  it('that is empty is refused, with or without a flow', () => {
    for (const type of ['npm', 'generic']) {
      const outcome = setUpClient(type, '')
      expect(outcome.rejected).toBe(1)
      expect(outcome.clientFlow).toBeUndefined()
      expect(outcome.setMeUp).toBeUndefined()
    }
    expect(relaunchFlowSupported('npm', '')).toBe(false)
  })

  it('of one character is accepted', () => {
    expect(setUpClient('npm', 'r')).toMatchObject({ rejected: 0, clientFlow: { repo: 'r' } })
    expect(relaunchFlowSupported('npm', 'r')).toBe(true)
  })
})
