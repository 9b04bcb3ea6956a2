/**
 * The wording of the onboarding area's messages: state and events carry a key and its data,
 * the view words them here (spec 001 section 8 for the catalogue's texts).
 */
export type OnboardingMessage =
  | { readonly key: 'projectCreationFailed'; readonly detail?: string }
  | { readonly key: 'projectCreated'; readonly name: string; readonly projectKey: string }

export function onboardingText(message: OnboardingMessage): string {
  switch (message.key) {
    case 'projectCreationFailed':
      // The catalogue's text, then the platform's reason when it gave one (a key already taken).
      return message.detail ? `Failed to create a project: ${message.detail}` : 'Failed to create a project'
    case 'projectCreated':
      return `Project ${message.name} (${message.projectKey}) is created.`
  }
}
