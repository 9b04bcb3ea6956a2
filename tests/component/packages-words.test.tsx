// The packages screens say the kit's words through the kit's catalogue (ui/shared/kit/messages.ts),
// not their own copies: worded in a pseudo-locale (each text between ⟦ ⟧), a screen that wrote
// its own word would show it without the brackets.
import { describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import PackagesArea from '../../ui/packages'
import { fakePackagesApi, makePackage } from '../support/fakePackagesApi'
import { platformWith, renderArea } from './packagesHarness'
import type { AppEvent } from '../../domain/app'
import { giveElementsASize } from '../support/jsdomLayout'
import type { KitMessage } from '../../ui/shared/kit/messages'

vi.mock('../../ui/shared/kit/messages', async (importOriginal) => {
  const real = await importOriginal<{ kitText: (m: KitMessage) => string }>()
  return { ...real, kitText: (m: KitMessage) => `⟦${real.kitText(m)}⟧` }
})

giveElementsASize()

const scannerLicensed = (e: AppEvent): AppEvent =>
  e.type === 'platform/InitialDataLoaded' ? { ...e, data: { ...e.data, entitlements: ['xray'] } } : e

describe("the packages screens' kit words", () => {
  it("the severity filter's boxes are named by the kit's severity words", async () => {
    renderArea(<PackagesArea />, {
      path: '/packages?q=react',
      pattern: '/packages/:packageId?/:versionId?',
      api: fakePackagesApi({ packages: [makePackage('react')] }),
      // The filter is offered where a licensed scanner gives packages their severities.
      seed: [scannerLicensed(platformWith(['artifactory', 'xray']))],
    })
    await screen.findByRole('list', { name: 'Packages' })
    const severity = screen.getByRole('group', { name: 'Severity (at least one)' })
    for (const word of ['Critical', 'High', 'Medium', 'Low', 'Info', 'Unknown'])
      expect(within(severity).getByRole('checkbox', { name: `⟦${word}⟧` })).toBeInTheDocument()
  })
})
