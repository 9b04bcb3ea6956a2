/**
 * The tokens area's part of the message catalogue: its own keys (domain/tokens/messages.ts)
 * worded here, in its chunk; the shared form keys by ui/shared/formMessages.ts.
 */
import type { TokenScope, TokensMessage } from '../../domain/tokens'
import { formText } from '../shared/formMessages'

export function tokensText(message: TokensMessage): string {
  switch (message.key) {
    case 'wholeDays':
      return `Enter a whole number of days from ${message.min} to ${message.max}`
    case 'chooseRepository':
      return 'Name at least one repository, or choose all repositories'
    case 'badRepositoryKey':
      return `“${message.entry}” is not a repository key (letters, digits, '.', '_' and '-')`
    default:
      return formText(message)
  }
}

export const accessText = (access: TokenScope['access']): string =>
  access === 'read' ? 'Read' : 'Read and deploy'

export const repositoriesText = (scope: TokenScope): string =>
  scope.repositories === null ? 'All repositories' : scope.repositories.join(', ')
