import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { inflateRawSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import * as samlify from 'samlify';
import { generate } from 'selfsigned';

/**
 * A SAML 2.0 identity provider (samlify) started by a test on a random port. It signs its
 * assertions with a key pair and self-signed certificate generated for the test run. GET /sso
 * takes our AuthnRequest (HTTP-Redirect binding) and answers the page a real IdP would: a form
 * that posts the signed Response and the RelayState to the service provider's ACS URL.
 */
export interface TestSamlUser {
  nameId: string;
  email?: string;
  displayName?: string;
}

export interface SamlPost {
  action: string;
  SAMLResponse: string;
  RelayState: string;
}

export interface TestSamlIdp {
  entityId: string;
  ssoUrl: string;
  metadataXml: string;
  certificatePem: string;
  nextUser: TestSamlUser | null;
  nextDecision: 'allow' | 'deny';
  /** A service provider's metadata (GET /api/auth/federated/saml.x/metadata); several may be trusted. */
  trustServiceProvider(metadataXml: string): void;
  /** Acts as the browser at the IdP: follows the redirect to /sso and reads the auto-post form. */
  authorize(redirectUrl: string): Promise<SamlPost>;
  close(): Promise<void>;
}

const { redirect: REDIRECT_BINDING } = samlify.Constants.namespace.binding;

const RESPONSE_TEMPLATE =
  '<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="{ID}" Version="2.0" IssueInstant="{IssueInstant}" Destination="{Destination}" InResponseTo="{InResponseTo}">' +
  '<saml:Issuer>{Issuer}</saml:Issuer><samlp:Status><samlp:StatusCode Value="{StatusCode}"/></samlp:Status>' +
  '<saml:Assertion xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xs="http://www.w3.org/2001/XMLSchema" ID="{AssertionID}" Version="2.0" IssueInstant="{IssueInstant}">' +
  '<saml:Issuer>{Issuer}</saml:Issuer>' +
  '<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:2.0:nameid-format:persistent">{NameID}</saml:NameID>' +
  '<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="{NotOnOrAfter}" Recipient="{Destination}" InResponseTo="{InResponseTo}"/></saml:SubjectConfirmation></saml:Subject>' +
  '<saml:Conditions NotBefore="{NotBefore}" NotOnOrAfter="{NotOnOrAfter}"><saml:AudienceRestriction><saml:Audience>{Audience}</saml:Audience></saml:AudienceRestriction></saml:Conditions>' +
  '<saml:AuthnStatement AuthnInstant="{IssueInstant}" SessionIndex="{AssertionID}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>' +
  '<saml:AttributeStatement>' +
  '<saml:Attribute Name="email" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic"><saml:AttributeValue xsi:type="xs:string">{Email}</saml:AttributeValue></saml:Attribute>' +
  '<saml:Attribute Name="displayName" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic"><saml:AttributeValue xsi:type="xs:string">{DisplayName}</saml:AttributeValue></saml:Attribute>' +
  '</saml:AttributeStatement></saml:Assertion></samlp:Response>';

export async function startSamlIdp(): Promise<TestSamlIdp> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const pems = await generate([{ name: 'commonName', value: 'TrailBuddy test IdP' }], { keySize: 2048, algorithm: 'sha256' });

  const entityId = `${base}/metadata`;
  const idpEntity = samlify.IdentityProvider({
    entityID: entityId,
    privateKey: pems.private,
    signingCert: pems.cert,
    singleSignOnService: [{ Binding: REDIRECT_BINDING, Location: `${base}/sso` }],
    nameIDFormat: ['urn:oasis:names:tc:SAML:2.0:nameid-format:persistent'],
    // The attribute statement is in the template itself; no attributes for samlify to add.
    loginResponseTemplate: { context: RESPONSE_TEMPLATE, attributes: [] },
  });
  const sps = new Map<string, ReturnType<typeof samlify.ServiceProvider>>();

  const idp: TestSamlIdp = {
    entityId,
    ssoUrl: `${base}/sso`,
    metadataXml: idpEntity.getMetadata(),
    certificatePem: pems.cert,
    nextUser: null,
    nextDecision: 'allow',
    trustServiceProvider: (metadataXml) => {
      const sp = samlify.ServiceProvider({ metadata: metadataXml });
      sps.set(sp.entityMeta.getEntityID(), sp);
    },
    authorize: async (redirectUrl) => {
      const res = await fetch(redirectUrl, { redirect: 'manual' });
      const html = await res.text();
      if (res.status !== 200) throw new Error(`the IdP answered ${res.status}: ${html}`);
      const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';
      return { action: /action="([^"]*)"/.exec(html)?.[1] ?? '', SAMLResponse: field('SAMLResponse'), RelayState: field('RelayState') };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  async function sso(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url!, base);
    const query = Object.fromEntries(url.searchParams);
    // The AuthnRequest names its service provider in <Issuer>.
    const requestXml = inflateRawSync(Buffer.from(query.SAMLRequest ?? '', 'base64')).toString();
    const sp = sps.get(/<(?:saml:)?Issuer[^>]*>([^<]+)</.exec(requestXml)?.[1] ?? '');
    if (!sp) throw new Error("the test did not give the IdP this service provider's metadata");
    const request = await idpEntity.parseLoginRequest(sp, 'redirect', { query });
    const user = idp.nextUser;
    if (!user) throw new Error('the test did not say who signs in');
    const acs = sp.entityMeta.getAssertionConsumerService(samlify.Constants.namespace.binding.post) as string;
    const now = new Date();
    const later = new Date(now.getTime() + 5 * 60_000);
    const id = `_${randomUUID()}`;
    const response = await idpEntity.createLoginResponse(
      sp,
      { ...request },
      'post',
      { email: user.email },
      {
        relayState: query.RelayState,
        customTagReplacement: (template) => ({
          id,
          context: samlify.SamlLib.replaceTagsByValue(template, {
            ID: id,
            AssertionID: `_${randomUUID()}`,
            IssueInstant: now.toISOString(),
            NotBefore: now.toISOString(),
            NotOnOrAfter: later.toISOString(),
            Destination: acs,
            InResponseTo: (request.extract.request as { id: string }).id,
            Issuer: entityId,
            Audience: sp.entityMeta.getEntityID(),
            StatusCode:
              idp.nextDecision === 'deny' ? 'urn:oasis:names:tc:SAML:2.0:status:AuthnFailed' : 'urn:oasis:names:tc:SAML:2.0:status:Success',
            NameID: user.nameId,
            Email: user.email,
            DisplayName: user.displayName,
          }),
        }),
      },
    );
    const post = response as { context: string; entityEndpoint: string; relayState?: string };
    const escape = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(`<!doctype html><html><body onload="document.forms[0].submit()">
<form method="post" action="${escape(post.entityEndpoint)}">
<input type="hidden" name="SAMLResponse" value="${escape(post.context)}">
<input type="hidden" name="RelayState" value="${escape(post.relayState ?? '')}">
</form></body></html>`);
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/sso')) {
      sso(req, res).catch((err: unknown) => {
        res.statusCode = 500;
        res.end(String(err));
      });
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  return idp;
}
