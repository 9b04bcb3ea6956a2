import type { QuestionnaireStep, Questionnaire } from './rules'
import type { AfterLoginUserFlags } from './afterLogin'

// Commands of the getting-started area, named `gettingStarted/Imperative`.
export type GettingStartedCommand =
  /**
   * After login, before the redirect: quick setup for those the rules send there, and the
   * getting-started wizard for a free-tier admin who has not seen it (spec 000 section 4).
   */
  | {
      readonly type: 'gettingStarted/CheckAfterLogin'
      readonly via: string
      readonly user: AfterLoginUserFlags
    }
  | { readonly type: 'gettingStarted/OpenQuestionnaire' }
  /** Next: the step's rule must hold for the answers so far (they stay in the form, not in events). */
  | {
      readonly type: 'gettingStarted/CompleteQuestionnaireStep'
      readonly step: QuestionnaireStep
      readonly answers: Questionnaire
    }
  | { readonly type: 'gettingStarted/ShowQuestionnaireStep'; readonly step: QuestionnaireStep }
  | { readonly type: 'gettingStarted/CloseQuestionnaire' }
  /** Creates the project on the platform once every step is valid. */
  | { readonly type: 'gettingStarted/SubmitQuestionnaire'; readonly answers: Questionnaire }
