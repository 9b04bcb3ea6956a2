// One wording of sizes for the console, the overview's storage too (domain/shared/bytes.ts).
export { bytesText as formatBytes } from '../../domain/shared/bytes'
