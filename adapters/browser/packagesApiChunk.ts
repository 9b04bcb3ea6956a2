// The packages API with its GraphQL client, as its own lazily loaded chunk (see browserPorts.ts).
export { createPackagesApi } from '../http/packages'
