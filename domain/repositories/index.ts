/** The public surface of the repositories area. */
export * from './rules'
