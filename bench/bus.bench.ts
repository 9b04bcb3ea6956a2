/**
 * Commands handled per second through decide + evolve + log, with no subscribers and with
 * 20 projection subscribers.
 */
import { createApp } from '../composition/createApp'
import { queryTable, type AppQuery } from '../queries'
import type { Figure } from './types'
import { fakePorts } from '../tests/support/fakePorts'
import { sampleCommands } from './support/sampleSession'

export const title = 'Command bus throughput'

const COMMANDS = 50_000

function measure(subscribers: number): number {
  const app = createApp({ ports: fakePorts(), effects: {}, maxLogEvents: COMMANDS * 4 })
  // Parameterless queries stand for the views' projections.
  const names = Object.keys(queryTable) as Array<AppQuery['type']>
  for (let i = 0; i < subscribers; i++) {
    const type = names[i % names.length]!
    app.ask({ type } as AppQuery).subscribe()
  }
  const commands = sampleCommands(COMMANDS, 11)
  const start = performance.now()
  for (const command of commands) app.dispatch(command, 'script')
  const ms = performance.now() - start
  app.dispose()
  return (COMMANDS / ms) * 1000
}

export async function run(): Promise<Figure[]> {
  measure(0)
  const bare = measure(0)
  const with20 = measure(20)
  return [
    { name: 'commands/s, no subscribers', value: bare, unit: 'commands/s' },
    {
      name: 'commands/s, 20 projection subscribers',
      value: with20,
      unit: 'commands/s',
      ratio: { to: 'of no subscribers', value: with20 / bare },
    },
  ]
}
