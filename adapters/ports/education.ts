import type { EducationModule, EducationVideoId } from '../../domain/education'
import type { Result } from './result'

// The education area's API port (adapters/ports.ts).
/** The education center's calls (server/API.md, "Platform", the `/ui/education` rows). */
export interface EducationApi {
  /** The education center of the signed-in user: videos played and whether feedback was given. */
  educationProgress(): Promise<Result<EducationProgress>>
  /** Records that the signed-in user played a getting-started video. */
  markVideoPlayed(video: EducationVideoId): Promise<Result<void>>
  /** Sends feedback on an education center module. */
  sendEducationFeedback(feedback: {
    readonly module: EducationModule
    readonly helpful: boolean
    readonly comment: string
  }): Promise<Result<void>>
}

export interface EducationProgress {
  readonly played: ReadonlyArray<string>
  readonly feedbackGiven: boolean
}
