/**
 * The words of the repository form's problems (RepositoryMessage), in a module of their own
 * as formWords.ts and onboarding/words.ts are: the console's repositories pages word the keys
 * with it (ui/repositories/messages.ts), and the platform's validation answers say the same.
 */
import { MANDATORY_MESSAGE } from '../shared/formWords'
import { NAME_MESSAGE, URL_MESSAGE } from '../shared/forms'
import { REFUSED_HOST_MESSAGE } from '../shared/refusedHost'
import type { RepositoryMessage } from './messages'
import type { RepositoryKind } from './rules'

/** A repository's kind as every screen names it (the table, the artifact's facts, the deploy choice). */
export const REPOSITORY_KIND_LABEL: Readonly<Record<RepositoryKind, string>> = {
  local: 'Local',
  remote: 'Remote',
  virtual: 'Virtual',
}

export function repositoryProblemText(message: RepositoryMessage): string {
  switch (message.key) {
    case 'mandatory':
      return MANDATORY_MESSAGE
    case 'invalidName':
      return NAME_MESSAGE
    case 'invalidUrl':
      return URL_MESSAGE
    case 'refusedAddress':
      return REFUSED_HOST_MESSAGE
    case 'repositoryKeyTooLong':
      return `Repository key must be at most ${message.max} characters`
    case 'choosePackageType':
      return 'Choose a package type'
    case 'membersNeeded':
      return 'A virtual repository needs at least one member'
    case 'memberTypeDiffers':
      return 'Members must be repositories of the same package type'
    case 'defaultDeploymentNotLocal':
      return 'The default deployment repository must be a local member'
    case 'selfMember':
      return 'A virtual repository cannot contain itself'
    case 'wholeNumberBetween':
      return `Enter a whole number from ${message.min} to ${message.max}`
    case 'userOrToken':
      return 'Give a user name and password, or a token, not both'
    case 'platformSaid':
    case 'recorded':
      return message.text
  }
}
