/**
 * A user's password that is gone from the vault before the save runs (taken already) fails the
 * save with the PASSWORD_LOST code, not a request without a password; the admin pages word it.
 */
import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { createApp } from '../../composition/createApp'
import { adminEffects } from '../../commands/effects/admin'
import { PASSWORD_LOST, type SaveState } from '../../domain/admin'
import { SaveError } from '../../ui/admin/shared'
import { fakePorts } from '../support/fakePorts'
import { savedUser } from '../support/fixtures'
import { until } from '../support/wait'

describe('a save whose password was lost', () => {
  it('fails with the PASSWORD_LOST code, and the save note says to type it again', async () => {
    const app = createApp({ ports: fakePorts(), effects: adminEffects })
    const user = savedUser({ passwordRef: 'taken-already' })
    app.dispatch({ type: 'admin/Save', form: 'user', op: { kind: 'saveUser', create: true, user } }, 'ui')
    const state = await until(app, (s) => s.admin.forms.user.status === 'failed')
    const save: SaveState = state.admin.forms.user
    expect(save.status === 'failed' && save.failure.code).toBe(PASSWORD_LOST)
    render(<SaveError save={save} />)
    expect(screen.getByText('The password was lost: type it again')).toBeInTheDocument()
  })
})
