// Commands of the admin area, named `admin/Imperative`.
export type AdminCommand = never
