/**
 * The words of the session screens' form problems (domain/session/accountForms.ts), from the
 * message catalogue; a problem shows once the user has tried to send the form.
 */
import type { FormProblem } from '../../domain/session/accountForms'
import { messageText } from '../shared/messages'

export const problemText = (problem: FormProblem | undefined, touched: boolean): string | null =>
  touched && problem !== undefined ? messageText({ key: problem }) : null
