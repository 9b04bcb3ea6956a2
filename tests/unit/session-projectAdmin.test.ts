// "Can administer projects": admins and project administrators, as a query, in the navigation
// context, and in the start-up (the projects list is loaded for both).
import { describe, expect, it } from 'vitest'
import { firstValueFrom } from 'rxjs'
import { right } from 'fp-ts/Either'
import { createApp } from '../../composition/createApp'
import { allEffects } from '../../composition/createApp'
import * as S from '../../domain/session/events'
import { shellContextOf } from '../../domain/navigation/context'
import { UserDataC } from '../../domain/session/events'
import { isRight } from 'fp-ts/Either'
import { fakePorts } from '../support/fakePorts'
import { anonymous, platformApi, sessionApi, user } from '../support/fixtures'
import { flush } from '../support/wait'

const seeded = (u: ReturnType<typeof user>) =>
  createApp({ ports: fakePorts(), effects: {}, seed: [S.UserDataLoaded({ user: u })] })

describe('session/CanAdministerProjects', () => {
  it.each([
    ['an admin', user({ admin: true }), true],
    ['a project administrator', user({ projectAdmin: true }), true],
    ['a regular user', user({ projectAdmin: false }), false],
    ['a user data answer without the field', user(), false],
    ['the anonymous user, even if flagged', { ...anonymous(), projectAdmin: true }, false],
  ])('%s → %s', async (_what, u, expected) => {
    const app = seeded(u)
    expect(await firstValueFrom(app.ask({ type: 'session/CanAdministerProjects' }))).toBe(expected)
    expect(shellContextOf(app.getState()).canAdminProjects).toBe(expected)
    // Only admins are admins: a project administrator gets no admin rights from this.
    expect(shellContextOf(app.getState()).admin).toBe(u.admin && !u.anonymous)
  })

  it('decodes projectAdmin from user data, and user data without it (older logs)', () => {
    const decoded = UserDataC.decode({ ...user(), projectAdmin: true })
    expect(isRight(decoded) && decoded.right.projectAdmin).toBe(true)
    expect(isRight(UserDataC.decode(user()))).toBe(true)
    expect(isRight(UserDataC.decode({ ...user(), projectAdmin: 'yes' }))).toBe(false)
  })
})

describe('start-up for a project administrator', () => {
  // Every signed-in user loads their projects for the top bar's selector (spec 000 section 2);
  // the anonymous visitor has none to choose from.
  it('loads the projects list for project administrators and regular users, not for the anonymous visitor', async () => {
    for (const [u, loads] of [
      [user({ projectAdmin: true }), true],
      [user(), true],
      [anonymous(), false],
    ] as const) {
      let calls = 0
      const app = createApp({
        ports: fakePorts({
          sessionApi: sessionApi({}, u),
          platformApi: platformApi({
            projects: () => {
              calls++
              return Promise.resolve(right([{ key: 'alpha', name: 'Alpha' }]))
            },
          }),
        }),
        effects: allEffects,
      })
      app.dispatch({ type: 'platform/Start' })
      await flush()
      expect(app.getState().platform.starts).toBe(1)
      expect(calls).toBe(loads ? 1 : 0)
      expect(app.getState().platform.projects).toEqual(loads ? [{ key: 'alpha', name: 'Alpha' }] : [])
    }
  })
})
