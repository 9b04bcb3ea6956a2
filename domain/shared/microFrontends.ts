/**
 * The micro-frontend constants of spec 000 section 9, for the lazily loaded areas and the
 * plugins' routes: an area whose code is not loaded and registered within the mount limit is
 * given up (its waiting commands are rejected; the next command tries again), and a plugin
 * route without an order of its own has the default order.
 */
export const MFE_MOUNT_LIMIT_MS = 100_000
export const MFE_DEFAULT_ORDER = 999
