// The tokens area's routes (domain/navigation/routes.ts gathers every area's).
import { admin, type RouteDef } from '../shared/routes'

export const tokensRoutes: ReadonlyArray<RouteDef<'tokens'>> = [
  admin('accessTokens', '/admin/management/access_tokens', 'Access Tokens', 'tokens'),
]
