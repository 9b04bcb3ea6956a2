/**
 * What the integrations decider writes on a test or a save of the tests' GitHub form (user
 * `octo`, integration `gh-main`, `https://api.github.com`): trimmed, as a base URL, with the
 * vendor's id.
 */
export const toGithub = {
  userName: 'octo',
  integrationName: 'gh-main',
  url: 'https://api.github.com/',
  vendorName: 1,
  integrationKey: null,
}

/** The same form as the edit of integration k9 on GitLab. */
export const toGitlabK9 = { ...toGithub, vendorName: 2, integrationKey: 'k9' }
