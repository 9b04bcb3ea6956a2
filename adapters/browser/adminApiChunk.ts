// The admin API (only admins' pages call it), as its own lazily loaded chunk (see browserPorts.ts).
export { createAdminApi } from '../http/admin'
