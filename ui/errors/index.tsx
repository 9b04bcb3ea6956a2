// The error pages, mounted by ui/routes.tsx for the routes of the `errors` area.
import { useQuery } from '../shared/appContext'
import { AuthorizationPage, NotAcceptablePage, NotFoundPage, ServerErrorPage } from './StatusPages'

export default function ErrorsArea() {
  const name = useQuery({ type: 'navigation/Route' })?.route.name
  switch (name) {
    case 'notAcceptable':
      return <NotAcceptablePage />
    case 'serverError':
      return <ServerErrorPage />
    case 'authorization':
      return <AuthorizationPage />
    default:
      return <NotFoundPage />
  }
}
