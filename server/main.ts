/**
 * Entry point of the reference server: `tsx server/main.ts`. (The cluster, heartbeats and
 * log files are added by the operations part of the server issue.)
 */
import { configFromEnv } from './config'
import { buildServer } from './app'

const config = configFromEnv()
const { app } = await buildServer(config)
await app.listen({ host: config.host, port: config.port })
console.log(`Console: http://${config.host}:${config.port}/ui/`)
