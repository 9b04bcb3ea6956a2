// Commands of the serviceStatus area, named `serviceStatus/Imperative`.
export type ServiceStatusCommand = never
