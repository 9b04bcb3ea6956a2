import { PASSWORD_LOST } from '../../domain/shared/failure'
import type { SaveState } from '../../domain/shared/save'
import { failureMessage } from '../../domain/shared/failure'
import { formText } from './formMessages'
import { FailureNote } from './kit/LoadFailure'

/** The server's answer to a failed save, above the form (the form keeps what was typed). */
export function SaveError({ save }: { save: SaveState }) {
  if (save.status !== 'failed') return null
  return (
    <FailureNote>
      {save.failure.code === PASSWORD_LOST
        ? formText({ key: 'passwordLost' })
        : failureMessage(save.failure, formText({ key: 'changesNotSaved' }))}
    </FailureNote>
  )
}
