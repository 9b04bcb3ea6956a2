// Proxies: the list, and one form to create or change a proxy (its password goes through the vault).
import { Link, useParams } from 'wouter'
import { validateProxy, type Proxy } from '../../domain/admin'
import { useApp } from '../shared/appContext'
import { useForm } from '../shared/forms'
import { adminText } from './messages'
import { Checkbox, Existing, Field, SaveError, Toolbar, useResource, useSaveState } from './shared'
import { ListPage, NamedTable, editPath, useDeletion, yesNo } from './ListPage'
import { Button, buttonClass } from '../shared/kit/Button'
import { formActionsClass } from '../shared/kit/Field'
import kit from '../shared/kit/page.module.css'
import forms from '../shared/forms.module.css'

const LIST = '/admin/proxies/configuration/list'

export function ProxiesList() {
  const proxies = useResource('proxies')
  const deletion = useDeletion('proxy', 'proxyDelete', (key) => ({ kind: 'deleteProxy', key }))
  return (
    <ListPage
      title="Proxies"
      create={{ label: 'New proxy', href: '/admin/proxies/configuration/new', first: 'Add the first proxy' }}
      deletion={deletion}
      loadable={proxies}
      what="proxies"
      empty="No proxies are configured"
      description="A proxy carries the remote repositories' traffic out to the internet."
    >
      {(items) => (
        <NamedTable
          label="Proxies"
          items={items}
          nameHeader="Key"
          name={(p) => p.key}
          href={(p) => editPath('/admin/proxies/configuration', p.key)}
          columns={[
            { header: 'Host', cell: (p) => p.host },
            { header: 'Port', cell: (p) => p.port },
            { header: 'Default', cell: (p) => yesNo(p.defaultProxy) },
          ]}
          deletion={deletion}
        />
      )}
    </ListPage>
  )
}

export function ProxyEditor({ create }: { create: boolean }) {
  const { proxyName = '' } = useParams<{ proxyName?: string }>()
  const proxies = useResource('proxies')
  return (
    <section aria-labelledby="page-title" className={kit.page}>
      <Toolbar title={create ? 'New Proxy' : `Edit Proxy ${proxyName}`} />
      {create ? (
        <ProxyForm create />
      ) : (
        <Existing loadable={proxies} what="proxy" name={proxyName} find={(p) => p.key === proxyName}>
          {(proxy) => <ProxyForm create={false} initial={proxy} />}
        </Existing>
      )}
    </section>
  )
}

function ProxyForm({ create, initial }: { create: boolean; initial?: Proxy }) {
  const app = useApp()
  const save = useSaveState('proxy')
  const { bind, submit } = useForm(
    {
      key: initial?.key ?? '',
      host: initial?.host ?? '',
      port: initial ? String(initial.port) : '',
      username: initial?.username ?? '',
      password: '',
      nonProxyHosts: initial?.nonProxyHosts ?? '',
      defaultProxy: initial?.defaultProxy ?? false,
    },
    validateProxy,
    adminText,
  )
  const onSubmit = submit((values) => {
    // The password never enters a command: the vault keeps it, the command carries a reference.
    const passwordRef = values.password ? app.stashSecret(values.password) : undefined
    app.dispatch(
      {
        type: 'admin/Save',
        form: 'proxy',
        op: {
          kind: 'saveProxy',
          create,
          proxy: {
            key: values.key,
            host: values.host,
            port: Number(values.port),
            defaultProxy: values.defaultProxy,
            ...(values.username ? { username: values.username } : {}),
            ...(values.nonProxyHosts ? { nonProxyHosts: values.nonProxyHosts } : {}),
            ...(passwordRef ? { passwordRef } : {}),
          },
        },
      },
      'ui',
    )
  })
  return (
    <form className={forms.form} onSubmit={onSubmit} noValidate aria-label="Proxy">
      <SaveError save={save} />
      {create && <Field label="Proxy key" required {...bind('key')} />}
      <Field label="Host" required {...bind('host')} />
      <Field label="Port" required {...bind('port')} />
      <Field label="Username" autoComplete="off" {...bind('username')} />
      <Field label="Password" type="password" autoComplete="new-password" {...bind('password')} />
      <Field label="Non-proxy hosts" {...bind('nonProxyHosts')} />
      <Checkbox label="Default proxy" {...bind('defaultProxy')} />
      <div className={formActionsClass}>
        <Link href={LIST} className={buttonClass()}>
          Cancel
        </Link>
        <Button type="submit" variant="primary" busy={save.status === 'pending'}>
          {create ? 'Create' : 'Save'}
        </Button>
      </div>
    </form>
  )
}
