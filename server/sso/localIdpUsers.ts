/** The users of the local identity providers (OpenID and SAML), printed in the start banner: for trying SSO only. */
export interface LocalIdpUser {
  readonly username: string
  readonly password: string
  readonly email: string
  readonly groups: readonly string[]
}

export const LOCAL_IDP_USERS: readonly LocalIdpUser[] = [
  { username: 'alice', password: 'alice-password', email: 'alice@idp.invalid', groups: ['developers'] },
  { username: 'bob', password: 'bob-password', email: 'bob@idp.invalid', groups: ['readers', 'qa'] },
]
