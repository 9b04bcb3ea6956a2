import type { Questionnaire } from '../../domain/gettingStarted/rules'
import type { Result } from './result'

// The getting started (the flag, the questionnaire) area's API port (adapters/ports.ts).
export interface GettingStartedApi {
  /** Saves that the signed-in user has seen getting started. */
  saveGettingStartedSeen(): Promise<Result<void>>
  /** Saves the signed-in user's questionnaire answers. */
  saveQuestionnaire(answers: Questionnaire): Promise<Result<void>>
}
