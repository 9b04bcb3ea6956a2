// The search area's plan rules and the views reach the one spelling rule through the area.
export { licenceKey } from '../shared/licence'
