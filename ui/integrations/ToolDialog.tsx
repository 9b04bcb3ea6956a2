/**
 * The common integration modal (spec 001, "Integrations page groups"): the tool groups (Source
 * control, Developer Tools, Continuous integration) on the left, the chosen tool's card on the
 * right: its highlights, its installation command per OS (tabs) carrying this platform's encoded
 * setup data (base URL, user, and an OAuth user's API key), a marketplace and a documentation
 * link. Opened by an admin's Set Up of a tool in the catalogue.
 */
import { useState, type ReactNode } from 'react'
import { BookOpen, Check, GitBranch, Store } from 'lucide-react'
// The tools' data straight from its module, not the area's index: it loads with this dialog only.
import {
  TOOL_GROUPS,
  TOOL_OSES,
  encodeSetupData,
  installCommand,
  toolById,
  type Tool,
  type ToolOs,
} from '../../domain/integrations/tools'
import { vendorListPath, type ToolModal } from '../../domain/integrations'
import { useApp, useDispatch, useQuery } from '../shared/appContext'
import { Button } from '../shared/kit/Button'
import { LoadFailure } from '../shared/kit/LoadFailure'
import { CodeBlock } from '../shared/kit/CodeBlock'
import { Dialog } from '../shared/kit/Overlay'
import { Skeleton } from '../shared/kit/Surface'
import { Tabs } from '../shared/kit/Tabs'
import { whatHappened } from '../shared/failureText'
import styles from './integrations.module.css'
import toolStyles from './tools.module.css'

/** The OS tab shown first: the visitor's own, as the browser says it. */
function ownOs(): ToolOs {
  const agent = typeof navigator === 'undefined' ? '' : navigator.userAgent
  if (/Windows/i.test(agent)) return 'windows'
  if (/Linux|X11/i.test(agent) && !/Android/i.test(agent)) return 'linux'
  return 'macos'
}

type Open = Extract<ToolModal, { step: 'open' }>
/** The catalogue's icons, handed in: imported here they would become a chunk of their own. */
export type IconOf = (name: string, size: number, scale?: number) => ReactNode

function Installation({ tool, setup, oauthUser }: { tool: Tool; setup: Open['setup']; oauthUser: boolean }) {
  const app = useApp()
  const dispatch = useDispatch()
  const user = useQuery({ type: 'session/User' })
  const [os, setOs] = useState<ToolOs>(ownOs)
  if (setup.status === 'loading')
    return (
      <div role="status" aria-label="Preparing the setup data" className={toolStyles.toolLoading}>
        <Skeleton width="100%" height="2.5rem" radius="var(--radius)" />
      </div>
    )
  if (setup.status === 'failed')
    return (
      <LoadFailure
        message={`The setup data could not be loaded: ${whatHappened(setup.failure)}`}
        onRetry={() => dispatch({ type: 'integrations/OpenTool', tool: tool.id, withApiKey: oauthUser })}
      />
    )
  const apiKey = setup.apiKeyRef === null ? undefined : app.shown.apiKeys.get(setup.apiKeyRef)
  const encoded = encodeSetupData({
    url: setup.baseUrl,
    user: user?.name ?? '',
    ...(apiKey !== undefined ? { apiKey } : {}),
  })
  const note = apiKey
    ? 'The command carries this platform’s address, your username and your API key: keep it to yourself.'
    : oauthUser
      ? 'Your API key could not be fetched: the tool asks you to sign in when it first connects.'
      : 'The command carries this platform’s address and your username, never a password: the tool asks for one, or for a token, when it connects.'
  return (
    <>
      <Tabs
        label="Operating system"
        value={os}
        onValueChange={setOs}
        tabs={TOOL_OSES.map((o) => ({
          value: o.value,
          label: o.label,
          content: (
            <CodeBlock
              code={installCommand(tool, o.value, encoded)}
              label={`${tool.label} command for ${o.label}`}
              wrap
            />
          ),
        }))}
      />
      <p className={styles.muted}>{note}</p>
    </>
  )
}

function ToolCard({
  tool,
  setup,
  oauthUser,
  iconOf,
}: {
  tool: Tool
  setup: Open['setup']
  oauthUser: boolean
  iconOf: IconOf
}) {
  const dispatch = useDispatch()
  const vendor = tool.vendor
  return (
    <section className={toolStyles.toolCard} aria-labelledby="tool-card-title">
      <header className={toolStyles.toolHead}>
        <span className={styles.setupIcon}>{iconOf(tool.icon, 32)}</span>
        <h3 id="tool-card-title" className={toolStyles.toolTitle}>
          {tool.label}
        </h3>
      </header>
      <ul className={toolStyles.highlights} aria-label="Highlights">
        {tool.highlights.map((h) => (
          <li key={h}>
            <Check size={16} aria-hidden className={toolStyles.highlightIcon} />
            {h}
          </li>
        ))}
      </ul>
      <h4 className={toolStyles.toolSubtitle}>Installation</h4>
      <Installation tool={tool} setup={setup} oauthUser={oauthUser} />
      <div className={toolStyles.toolLinks}>
        {[
          { href: tool.marketplaceLink, icon: <Store size={16} aria-hidden />, text: 'Marketplace' },
          { href: tool.documentationLink, icon: <BookOpen size={16} aria-hidden />, text: 'Documentation' },
        ].map((link) => (
          // A new tab that cannot reach back to the console.
          <a
            key={link.text}
            className={toolStyles.toolLink}
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
          >
            {link.icon} {link.text}
          </a>
        ))}
        {vendor && (
          <Button
            size="sm"
            icon={<GitBranch size={16} aria-hidden />}
            onClick={() => {
              dispatch({ type: 'integrations/CloseTool' })
              dispatch({ type: 'navigation/Navigate', to: vendorListPath(vendor) })
            }}
          >
            {tool.label} integrations
          </Button>
        )}
      </div>
    </section>
  )
}

export function ToolDialog({ iconOf }: { iconOf: IconOf }) {
  const dispatch = useDispatch()
  const modal = useQuery({ type: 'integrations/State' }).tool
  const user = useQuery({ type: 'session/User' })
  // Another tool of the groups, chosen in the dialog; the one Set Up opened until then.
  const [chosen, setChosen] = useState<{ opened: string; tool: string } | null>(null)
  if (modal.step !== 'open') return null
  const id = chosen?.opened === modal.tool ? chosen.tool : modal.tool
  const tool = toolById(id)
  const oauthUser = user?.realm === 'oauth'
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && dispatch({ type: 'integrations/CloseTool' })}
      closeOnOutsideClick={false}
      size="lg"
      title="Set up a tool"
    >
      <div className={toolStyles.toolLayout}>
        <nav aria-label="Tools" className={toolStyles.toolNav}>
          {TOOL_GROUPS.map((group) => (
            <section key={group.title} aria-label={group.title}>
              <h3 className={toolStyles.toolGroup}>{group.title}</h3>
              <ul className={toolStyles.toolList}>
                {group.tools.map((t) => (
                  <li key={t.id}>
                    <button
                      type="button"
                      className={toolStyles.toolItem}
                      aria-current={t.id === id ? 'true' : undefined}
                      onClick={() => setChosen({ opened: modal.tool, tool: t.id })}
                    >
                      {iconOf(t.icon, 18)}
                      {t.label}
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </nav>
        {tool ? (
          <ToolCard tool={tool} setup={modal.setup} oauthUser={oauthUser} iconOf={iconOf} />
        ) : (
          <p className={styles.muted}>This console has no card for the tool {modal.tool}.</p>
        )}
      </div>
    </Dialog>
  )
}
