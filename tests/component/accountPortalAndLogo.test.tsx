// The account portal route (spec 000 section 2), the logo's order and the brand's server name
// (section 4), and the General Settings that set them.
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { right } from 'fp-ts/Either'
import type { AdminApi, PlatformApi } from '../../adapters/ports'
import type { Footer } from '../../domain/platform'
import { navigationEffects } from '../../commands/effects/navigation'
import { adminEffects } from '../../commands/effects/admin'
import { notFaked } from '../support/fakePorts'
import { chromeEffects, renderShell } from './shellFixtures'

const developer = { user: { name: 'developer' } } as const
const admin = { user: { name: 'admin', admin: true } } as const

describe('the account portal route', () => {
  it('sends the user to the portal the platform names', async () => {
    const { ports, app } = renderShell(
      '/user/my-jfrog-redirect',
      { ...developer, footer: { accountPortalUrl: 'https://account.example.com/me' } },
      {},
      chromeEffects,
    )
    expect(await screen.findByText('Redirecting to your account portal…')).toHaveAttribute('role', 'status')
    await waitFor(() => expect(ports.history.current()).toBe('https://account.example.com/me'))
    expect(app.exportLog()).toContain('navigation/LeftForExternal')
  })

  it('says plainly that none is set, and goes nowhere', async () => {
    const { ports } = renderShell('/user/my-jfrog-redirect', developer, {}, chromeEffects)
    expect(await screen.findByRole('alert')).toHaveTextContent('No account portal is set on this platform')
    expect(screen.getByRole('link', { name: 'Back to the console' })).toBeInTheDocument()
    expect(ports.history.current()).not.toMatch(/^https?:/)
  })
})

describe('the brand', () => {
  it('reads the server name the general settings give', async () => {
    renderShell('/packages', { ...developer, footer: { serverName: 'Acme Artifacts' } }, {}, chromeEffects)
    const home = await screen.findByRole('link', { name: 'Acme Artifacts home' })
    expect(home).toHaveTextContent('Acme Artifacts')
  })

  it('shows the uploaded logo before the logo URL, and the logo URL before the default', async () => {
    const both: Partial<Footer> = {
      userLogo: '/ui/api/v1/ui/generalConfig/logo?v=1',
      logoUrl: 'https://cdn.example.com/l.png',
    }
    const first = renderShell('/packages', { ...developer, footer: both }, {}, chromeEffects)
    const link = await screen.findByRole('link', { name: 'Acme Platform home' })
    expect(link.querySelector('img')).toHaveAttribute('src', both.userLogo)
    first.view.unmount()
    renderShell('/packages', { ...developer, footer: { logoUrl: both.logoUrl } }, {}, chromeEffects)
    const second = await screen.findByRole('link', { name: 'Acme Platform home' })
    expect(second.querySelector('img')).toHaveAttribute('src', both.logoUrl)
  })
})

describe('General Settings: logo and account portal', () => {
  const effects = { ...navigationEffects, ...adminEffects }
  const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

  function platform(footer: () => Footer) {
    return { ...notFaked<PlatformApi>(), footer: () => Promise.resolve(right(footer())) }
  }

  it('uploads a chosen image, and the page and the top bar show it at once; a non-image is refused', async () => {
    const user = userEvent.setup({ applyAccept: false })
    const uploads: Blob[] = []
    let footer: Footer = {
      serverName: 'Acme Platform',
      flavour: 'platform',
      isCloud: false,
      licenseType: 'Enterprise+',
      buildNumber: '1',
      copyright: '©',
    }
    const adminApi: AdminApi = {
      ...notFaked<AdminApi>(),
      generalConfig: () =>
        Promise.resolve(right({ serverName: 'Acme Platform', baseUrl: '', customMessage: '' })),
      uploadLogo: (image) => {
        uploads.push(image)
        footer = { ...footer, userLogo: '/ui/api/v1/ui/generalConfig/logo?v=abc' }
        return Promise.resolve(right(undefined))
      },
    }
    renderShell(
      '/admin/configuration/general',
      admin,
      { adminApi, platformApi: platform(() => footer) },
      effects,
    )
    const logo = await screen.findByRole('region', { name: 'Logo' }, { timeout: 15_000 })
    expect(within(logo).getByText(/No logo is uploaded/)).toBeInTheDocument()
    const input = await within(logo).findByLabelText('Logo image')

    await user.upload(input, new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }))
    expect(within(logo).getByRole('alert')).toHaveTextContent('PNG, JPEG, GIF or WebP')
    expect(uploads).toEqual([])

    await user.upload(input, new File([PNG], 'logo.png', { type: 'image/png' }))
    expect(await within(logo).findByRole('img', { name: 'The uploaded logo' })).toHaveAttribute(
      'src',
      '/ui/api/v1/ui/generalConfig/logo?v=abc',
    )
    expect(uploads).toHaveLength(1)
    expect(uploads[0]!.type).toBe('image/png')
    const home = screen.getByRole('link', { name: 'Acme Platform home' })
    expect(home.querySelector('img')).toHaveAttribute('src', '/ui/api/v1/ui/generalConfig/logo?v=abc')
  })

  it('saves the account portal and logo addresses, refusing one that is not http(s)', async () => {
    const user = userEvent.setup()
    const saved: unknown[] = []
    const adminApi: AdminApi = {
      ...notFaked<AdminApi>(),
      generalConfig: () => Promise.resolve(right({ serverName: 'Acme', baseUrl: '', customMessage: '' })),
      saveGeneralConfig: (c) => {
        saved.push(c)
        return Promise.resolve(right(c))
      },
    }
    renderShell('/admin/configuration/general', admin, { adminApi }, effects)
    const portal = await screen.findByLabelText('Account portal URL', {}, { timeout: 15_000 })
    await user.type(portal, 'javascript:alert(1)')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Enter a valid URL')).toBeInTheDocument()
    expect(saved).toEqual([])
    await user.clear(portal)
    await user.type(portal, 'https://account.example.com/')
    await user.type(screen.getByLabelText('Logo URL'), 'https://cdn.example.com/logo.png')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(saved).toHaveLength(1))
    expect(saved[0]).toMatchObject({
      accountPortalUrl: 'https://account.example.com/',
      logoUrl: 'https://cdn.example.com/logo.png',
    })
  })
})
