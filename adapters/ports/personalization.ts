import type { PersonalizationChoices } from '../../domain/personalization/rules'
import type { Result } from './result'

// The personalization area's API port (adapters/ports.ts).
export interface PersonalizationApi {
  /** Whether the platform has the signed-in user's personalization. */
  personalizationStatus(): Promise<Result<{ readonly sent: boolean }>>
  /** Sends the signed-in user's personalization choices. */
  sendPersonalization(choices: PersonalizationChoices): Promise<Result<void>>
}
