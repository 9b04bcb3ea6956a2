/**
 * The repositories pages' part of the message catalogue: the form's problems
 * (RepositoryMessage) in the words the platform's answers use too (domain/repositories/words.ts).
 */
export { repositoryProblemText } from '../../domain/repositories/words'
