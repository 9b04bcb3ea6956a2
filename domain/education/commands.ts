import type { EducationModule, EducationVideoId } from './rules'

// Commands of the education area, named `education/Imperative`.
export type EducationCommand =
  /** Opens the education center (Help, the getting-started page) and asks for the user's progress. */
  | { readonly type: 'education/Open'; readonly module?: EducationModule }
  | { readonly type: 'education/Close' }
  | { readonly type: 'education/ShowModule'; readonly module: EducationModule }
  /** A getting-started video played to its end: remembered for the user (once). */
  | { readonly type: 'education/MarkVideoPlayed'; readonly video: EducationVideoId }
  /** Feedback on the module shown: helpful or not, and an optional comment. */
  | { readonly type: 'education/SendFeedback'; readonly helpful: boolean; readonly comment: string }
