// Commands of the serviceStatus area, named `serviceStatus/Imperative`.
export type ServiceStatusCommand = { readonly type: 'serviceStatus/LoadTopology' }
