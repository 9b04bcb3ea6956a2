// The builds list as the screen shows it: one row per build name with its newest run and how
// many runs it has, each name's address, and a run's duration in words.
import { describe, expect, it } from 'vitest'
import { buildPath, durationText, summariesByName, type BuildRun } from '../../domain/builds'

const run = (name: string, number: string): BuildRun => ({ name, number, status: 'PASS', started: '' })

describe('builds list', () => {
  it('one row per name, in first-seen order, with the newest run and the count', () => {
    // The platform lists runs newest first.
    const runs = [run('web', '3'), run('api', '9'), run('web', '2'), run('web', '1')]
    expect(summariesByName(runs)).toEqual([
      { name: 'web', last: run('web', '3'), runs: 3 },
      { name: 'api', last: run('api', '9'), runs: 1 },
    ])
    expect(summariesByName([])).toEqual([])
  })

  it("a name's address and a run's address, each part encoded", () => {
    expect(buildPath('web app')).toBe('/builds/web%20app')
    expect(buildPath('a/b', '1.0#2')).toBe('/builds/a%2Fb/1.0%232')
  })

  it('durations in seconds under a minute, minutes and seconds under an hour, then hours and minutes', () => {
    expect(durationText(0)).toBe('0 s')
    expect(durationText(59_400)).toBe('59 s')
    expect(durationText(59_500)).toBe('1 min 0 s')
    expect(durationText(95_000)).toBe('1 min 35 s')
    expect(durationText(3_599_000)).toBe('59 min 59 s')
    expect(durationText(3_600_000)).toBe('1 h 0 min')
    expect(durationText(7_380_000)).toBe('2 h 3 min')
  })
})
