/**
 * A SAML 2.0 identity provider on loopback for trying SAML sign-in without an outside IdP
 * (`IDP=saml npm start`) and for the tests. It takes AuthnRequests by HTTP-Redirect or
 * HTTP-POST from the one service provider it knows (entity id and assertion consumer
 * registered exactly), signs people in with a password, answers with an assertion signed by
 * xml-crypto (the library node-saml verifies with) under a certificate made at start, and
 * answers LogoutRequests with a signed HTTP-Redirect LogoutResponse. Not a general IdP: one
 * SP, no metadata import, no encryption.
 *
 * `issue()` mints a response directly, so tests can make the ones a platform must refuse.
 */
import { createSign, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { deflateRawSync, inflateRawSync } from 'node:zlib'
import { generate } from 'selfsigned'
import { SignedXml } from 'xml-crypto'
import { LOCAL_IDP_USERS, type LocalIdpUser } from './localIdpUsers'

export interface LocalSamlIdpOptions {
  readonly port?: number
  /** The service provider's entity id (the audience of every assertion). */
  readonly spEntityId: string
  /** Assertion consumer addresses the SP may name (exact). */
  readonly acsUrls: readonly string[]
  /** Where LogoutResponses go (the SP's single logout address). */
  readonly spSloUrl: string
  readonly users?: readonly LocalIdpUser[]
}

export interface IssueOptions {
  readonly user: LocalIdpUser
  readonly inResponseTo: string
  readonly acsUrl: string
  readonly audience?: string
  /** Seconds from now; negative: already expired. */
  readonly validForSeconds?: number
  readonly assertionId?: string
  /** Another key than the IdP's: the signature will not verify against its certificate. */
  readonly signingKey?: { readonly privateKey: string; readonly certificate: string }
}

export interface LocalSamlIdp {
  readonly entityId: string
  readonly ssoUrl: string
  readonly sloUrl: string
  /** PEM certificate whose key signs the assertions (what the SP is configured with). */
  readonly certificate: string
  /** NameIDs of LogoutRequests received, in order. */
  readonly logouts: readonly string[]
  /** A base64 SAMLResponse as the IdP would post it. */
  issue(options: IssueOptions): string
  stop(): Promise<void>
}

const SAML_NS = 'urn:oasis:names:tc:SAML:2.0:assertion'
const SAMLP_NS = 'urn:oasis:names:tc:SAML:2.0:protocol'
const SUCCESS = 'urn:oasis:names:tc:SAML:2.0:status:Success'
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256'

const xmlEscape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  )
const htmlEscape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
const newId = () => `_${randomBytes(16).toString('hex')}`
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z')

/** Generates a key and a self-signed certificate for signing (made at start, never stored). */
export async function signingCertificate(
  commonName: string,
): Promise<{ privateKey: string; certificate: string }> {
  const pems = await generate([{ name: 'commonName', value: commonName }], {
    keySize: 2048,
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + 2 * 24 * 3600 * 1000),
  })
  return { privateKey: pems.private, certificate: pems.cert }
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${htmlEscape(title)}</title></head>
<body><main><h1>${htmlEscape(title)}</h1>${body}</main></body></html>`
}

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > 256 * 1024) throw new Error('form too large')
    chunks.push(chunk as Buffer)
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
}

/** A SAML message from a binding: deflated (HTTP-Redirect) or plain (HTTP-POST) base64. */
function decodeMessage(base64: string, deflated: boolean): string {
  const bytes = Buffer.from(base64, 'base64')
  return deflated ? inflateRawSync(bytes).toString('utf8') : bytes.toString('utf8')
}

const attr = (xml: string, element: string, name: string) =>
  new RegExp(`<(?:[A-Za-z0-9_-]+:)?${element}\\b[^>]*\\s${name}="([^"]*)"`).exec(xml)?.[1]
const text = (xml: string, element: string) =>
  new RegExp(`<(?:[A-Za-z0-9_-]+:)?${element}\\b[^>]*>([^<]*)<`).exec(xml)?.[1]

function signAssertion(xml: string, key: { privateKey: string; certificate: string }): string {
  const sig = new SignedXml({
    privateKey: key.privateKey,
    publicCert: key.certificate,
    signatureAlgorithm: RSA_SHA256,
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  })
  sig.addReference({
    xpath: "//*[local-name(.)='Assertion']",
    transforms: [
      'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
      'http://www.w3.org/2001/10/xml-exc-c14n#',
    ],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  })
  sig.computeSignature(xml, {
    prefix: 'ds',
    location: { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' },
  })
  return sig.getSignedXml()
}

export async function startLocalSamlIdp(options: LocalSamlIdpOptions): Promise<LocalSamlIdp> {
  const users = options.users ?? LOCAL_IDP_USERS
  const key = await signingCertificate('Local SAML IdP (for trying SSO only)')
  const logouts: string[] = []
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const entityId = `${origin}/metadata`

  function issue(o: IssueOptions): string {
    const now = Date.now()
    const until = iso(now + (o.validForSeconds ?? 300) * 1000)
    const values = (name: string, list: readonly string[]) =>
      `<saml:Attribute Name="${xmlEscape(name)}">${list
        .map((v) => `<saml:AttributeValue>${xmlEscape(v)}</saml:AttributeValue>`)
        .join('')}</saml:Attribute>`
    const assertion = `<saml:Assertion xmlns:saml="${SAML_NS}" ID="${xmlEscape(o.assertionId ?? newId())}" Version="2.0" IssueInstant="${iso(now)}"><saml:Issuer>${xmlEscape(entityId)}</saml:Issuer><saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified">${xmlEscape(o.user.username)}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData InResponseTo="${xmlEscape(o.inResponseTo)}" NotOnOrAfter="${until}" Recipient="${xmlEscape(o.acsUrl)}"/></saml:SubjectConfirmation></saml:Subject><saml:Conditions NotBefore="${iso(now - 60_000)}" NotOnOrAfter="${until}"><saml:AudienceRestriction><saml:Audience>${xmlEscape(o.audience ?? options.spEntityId)}</saml:Audience></saml:AudienceRestriction></saml:Conditions><saml:AuthnStatement AuthnInstant="${iso(now)}" SessionIndex="${newId()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement><saml:AttributeStatement>${values('email', [o.user.email])}${values('groups', o.user.groups)}</saml:AttributeStatement></saml:Assertion>`
    const response = `<samlp:Response xmlns:samlp="${SAMLP_NS}" xmlns:saml="${SAML_NS}" ID="${newId()}" Version="2.0" IssueInstant="${iso(now)}" Destination="${xmlEscape(o.acsUrl)}" InResponseTo="${xmlEscape(o.inResponseTo)}"><saml:Issuer>${xmlEscape(entityId)}</saml:Issuer><samlp:Status><samlp:StatusCode Value="${SUCCESS}"/></samlp:Status>${assertion}</samlp:Response>`
    return Buffer.from(signAssertion(response, o.signingKey ?? key), 'utf8').toString('base64')
  }

  /** The request's id and consumer, or why it is refused. */
  function readAuthnRequest(xml: string): { id: string; acs: string } | string {
    const id = attr(xml, 'AuthnRequest', 'ID')
    const acs = attr(xml, 'AuthnRequest', 'AssertionConsumerServiceURL')
    const issuer = text(xml, 'Issuer')
    if (!id || !acs) return 'Not a SAML AuthnRequest.'
    if (issuer !== options.spEntityId) return 'This service provider is not registered here.'
    if (!options.acsUrls.includes(acs)) return 'This assertion consumer address is not registered here.'
    return { id, acs }
  }

  function loginForm(request: { id: string; acs: string }, relayState: string, error = ''): string {
    const hidden = (name: string, value: string) =>
      `<input type="hidden" name="${name}" value="${htmlEscape(value)}">`
    return page(
      'Sign in to the local SAML IdP',
      `${error ? `<p role="alert">${htmlEscape(error)}</p>` : ''}
<form method="post" action="/login">${hidden('requestId', request.id)}${hidden('acs', request.acs)}${hidden('RelayState', relayState)}
<label>User name <input name="username" autocomplete="username" required></label>
<label>Password <input name="password" type="password" autocomplete="current-password" required></label>
<button type="submit">Sign in</button></form>`,
    )
  }

  function postToSp(res: ServerResponse, acs: string, samlResponse: string, relayState: string): void {
    const hidden = (name: string, value: string) =>
      `<input type="hidden" name="${name}" value="${htmlEscape(value)}">`
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(
      page(
        'Signing you in',
        `<form method="post" action="${htmlEscape(acs)}">${hidden('SAMLResponse', samlResponse)}${hidden('RelayState', relayState)}<button type="submit">Continue</button></form>
<script>document.forms[0].submit()</script>`,
      ),
    )
  }

  function logoutResponse(res: ServerResponse, requestXml: string, relayState: string): void {
    const inResponseTo = attr(requestXml, 'LogoutRequest', 'ID') ?? ''
    const nameId = text(requestXml, 'NameID') ?? ''
    logouts.push(nameId)
    const xml = `<samlp:LogoutResponse xmlns:samlp="${SAMLP_NS}" xmlns:saml="${SAML_NS}" ID="${newId()}" Version="2.0" IssueInstant="${iso(Date.now())}" Destination="${xmlEscape(options.spSloUrl)}" InResponseTo="${xmlEscape(inResponseTo)}"><saml:Issuer>${xmlEscape(entityId)}</saml:Issuer><samlp:Status><samlp:StatusCode Value="${SUCCESS}"/></samlp:Status></samlp:LogoutResponse>`
    // HTTP-Redirect binding: the signature covers the query as sent.
    let query = `SAMLResponse=${encodeURIComponent(deflateRawSync(Buffer.from(xml, 'utf8')).toString('base64'))}`
    if (relayState) query += `&RelayState=${encodeURIComponent(relayState)}`
    query += `&SigAlg=${encodeURIComponent(RSA_SHA256)}`
    const signature = createSign('RSA-SHA256').update(query).sign(key.privateKey, 'base64')
    res.writeHead(302, {
      location: `${options.spSloUrl}?${query}&Signature=${encodeURIComponent(signature)}`,
    })
    res.end()
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const url = new URL(req.url ?? '/', origin)
      const fail = (status: number, message: string) => {
        res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
        res.end(page('Sign-in refused', `<p role="alert">${htmlEscape(message)}</p>`))
      }
      try {
        if (url.pathname === '/sso') {
          const form = req.method === 'POST' ? await formBody(req) : url.searchParams
          const encoded = form.get('SAMLRequest')
          if (!encoded) return fail(400, 'No SAMLRequest.')
          const request = readAuthnRequest(decodeMessage(encoded, req.method !== 'POST'))
          if (typeof request === 'string') return fail(400, request)
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          return res.end(loginForm(request, form.get('RelayState') ?? ''))
        }
        if (url.pathname === '/login' && req.method === 'POST') {
          const form = await formBody(req)
          const acs = form.get('acs') ?? ''
          const requestId = form.get('requestId') ?? ''
          const relayState = form.get('RelayState') ?? ''
          if (!options.acsUrls.includes(acs))
            return fail(400, 'This assertion consumer address is not registered here.')
          const user = users.find(
            (u) => u.username === form.get('username') && u.password === form.get('password'),
          )
          if (!user) {
            res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
            return res.end(loginForm({ id: requestId, acs }, relayState, 'Wrong user name or password.'))
          }
          return postToSp(res, acs, issue({ user, inResponseTo: requestId, acsUrl: acs }), relayState)
        }
        if (url.pathname === '/slo') {
          const encoded = url.searchParams.get('SAMLRequest')
          if (!encoded) return fail(400, 'No SAMLRequest.')
          return logoutResponse(res, decodeMessage(encoded, true), url.searchParams.get('RelayState') ?? '')
        }
        if (url.pathname === '/metadata') {
          res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' })
          const body = key.certificate.replace(/-----[^-]+-----|\s/g, '')
          return res.end(
            `<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${xmlEscape(entityId)}"><IDPSSODescriptor protocolSupportEnumeration="${SAMLP_NS}"><KeyDescriptor use="signing"><KeyInfo xmlns="http://www.w3.org/2000/09/xmldsig#"><X509Data><X509Certificate>${body}</X509Certificate></X509Data></KeyInfo></KeyDescriptor><SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${origin}/slo"/><SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${origin}/sso"/><SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${origin}/sso"/></IDPSSODescriptor></EntityDescriptor>`,
          )
        }
        return fail(404, 'Not found.')
      } catch {
        return fail(400, 'The request could not be read.')
      }
    })()
  })

  return {
    entityId,
    ssoUrl: `${origin}/sso`,
    sloUrl: `${origin}/slo`,
    certificate: key.certificate,
    logouts,
    issue,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
