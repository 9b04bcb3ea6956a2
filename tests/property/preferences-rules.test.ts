// The navigation type: the one the user chose since start-up wins; before a choice, the
// platform's saved type (new unless it says classic). A switch that the platform does not
// save goes back to the other type and says why.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { navigationTypeNotSaved, navigationTypeOf, otherNavigationType } from '../../domain/preferences'

const type = fc.constantFrom('new' as const, 'classic' as const)

describe('navigation type', () => {
  it('chosen, else saved classic, else new', () => {
    fc.assert(
      fc.property(
        fc.option(type, { nil: undefined }),
        fc.option(fc.string({ maxLength: 8 }), { nil: null }),
        (chosen, saved) => {
          const prefs =
            chosen === undefined
              ? { savedNavigationType: saved }
              : { savedNavigationType: saved, chosenNavigationType: chosen }
          expect(navigationTypeOf(prefs)).toBe(chosen ?? (saved === 'classic' ? 'classic' : 'new'))
        },
      ),
    )
  })

  it('a switch not saved goes back to the type switched from, with the platform’s reason', () => {
    fc.assert(
      fc.property(type, fc.string({ maxLength: 20 }), (switchedTo, message) => {
        const [failed, toast] = navigationTypeNotSaved({
          switchedTo,
          failure: { kind: 'network', message },
          id: 't',
        })
        expect(otherNavigationType(otherNavigationType(switchedTo))).toBe(switchedTo)
        expect(failed).toEqual({
          type: 'preferences/NavigationTypeSaveFailed',
          data: { type: otherNavigationType(switchedTo), failure: { kind: 'network', message } },
        })
        expect(toast).toEqual({
          type: 'notifications/Shown',
          data: { id: 't', kind: 'error', message: { key: 'navigationTypeNotSaved', detail: message } },
        })
      }),
    )
  })
})
