import * as xmllint from '@authenio/samlify-xmllint-wasm';
import * as samlify from 'samlify';
import { identityError } from '../errors.js';
import type { FederatedProfile, SamlProvider } from './providers.js';

/**
 * SAML 2.0 service provider (samlify): SP-initiated sign-in with an AuthnRequest by HTTP-Redirect,
 * the IdP's Response by HTTP-POST. samlify checks the XML against the SAML schemas, the signature
 * (the assertion must be signed by the IdP's certificate), the issuer and the time conditions;
 * we add what it leaves to the caller: the response answers *our* request (InResponseTo), is meant
 * for us (Audience) and was posted to our endpoint (Destination).
 */

// Schema validation against the SAML 2.0 XSDs (libxml2 compiled to WebAssembly: no native build,
// no Java) refuses malformed and signature-wrapping documents before any field is read.
samlify.setSchemaValidator(xmllint);

const { post: POST_BINDING } = samlify.Constants.namespace.binding;

export const samlEntityId = (appUrl: string, providerId: string) => new URL(`/api/auth/federated/${providerId}/metadata`, appUrl).href;
export const samlAcsUrl = (appUrl: string, providerId: string) => new URL(`/api/auth/federated/${providerId}/callback`, appUrl).href;

function serviceProvider(provider: SamlProvider, appUrl: string, requestId?: string) {
  return samlify.ServiceProvider({
    ...(requestId && { generateID: () => requestId }),
    entityID: samlEntityId(appUrl, provider.id),
    assertionConsumerService: [{ Binding: POST_BINDING, Location: samlAcsUrl(appUrl, provider.id) }],
    wantAssertionsSigned: true,
    authnRequestsSigned: false,
    nameIDFormat: ['urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified'],
  });
}

const idps = new Map<string, ReturnType<typeof samlify.IdentityProvider>>();
function identityProvider(provider: SamlProvider) {
  const idp =
    idps.get(provider.id) ??
    ('metadataXml' in provider.idp
      ? samlify.IdentityProvider({ metadata: provider.idp.metadataXml })
      : samlify.IdentityProvider({
          entityID: provider.idp.entityId,
          singleSignOnService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: provider.idp.ssoUrl }],
          signingCert: pemBody(provider.idp.certificate),
        }));
  idps.set(provider.id, idp);
  return idp;
}

/** samlify wants the certificate's base64 body; accept a PEM too. */
const pemBody = (cert: string) => cert.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');

/** Our SP metadata, for the IdP administrator (entity id, ACS URL, signed assertions wanted). */
export const samlMetadata = (provider: SamlProvider, appUrl: string) => serviceProvider(provider, appUrl).getMetadata();

/** The IdP URL carrying our AuthnRequest (HTTP-Redirect binding), under the given request id and RelayState. */
export function samlAuthnRequest(
  provider: SamlProvider,
  opts: { appUrl: string; requestId: string; relayState: string; loginHint?: string },
) {
  const sp = serviceProvider(provider, opts.appUrl, opts.requestId);
  const url = new URL(sp.createLoginRequest(identityProvider(provider), 'redirect', { relayState: opts.relayState }).context);
  if (opts.loginHint && provider.loginHintKey) url.searchParams.set(provider.loginHintKey, opts.loginHint);
  return url.href;
}

const CANCELLED_STATUS = /AuthnFailed|RequestDenied|NoPassive/;

export async function completeSaml(
  provider: SamlProvider,
  params: Record<string, string>,
  opts: { appUrl: string; requestId: string },
): Promise<FederatedProfile> {
  if (!params.SAMLResponse) throw identityError('invalid-credential');
  const sp = serviceProvider(provider, opts.appUrl);
  let extract: samlify.Extractor.ExtractorResult;
  try {
    ({ extract } = await sp.parseLoginResponse(identityProvider(provider), 'post', {
      body: { SAMLResponse: params.SAMLResponse, RelayState: params.RelayState },
    }));
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    if (reason.includes('ERR_FAILED_STATUS') && CANCELLED_STATUS.test(reason)) throw identityError('user-cancelled');
    throw identityError('invalid-credential', { details: { reason } });
  }
  const response = (extract.response ?? {}) as Record<string, string | undefined>;
  const audiences = ([] as (string | undefined)[]).concat(extract.audience);
  if (response.inResponseTo !== opts.requestId) throw identityError('invalid-credential', { details: { reason: 'InResponseTo' } });
  if (!audiences.includes(samlEntityId(opts.appUrl, provider.id)))
    throw identityError('invalid-credential', { details: { reason: 'Audience' } });
  if (response.destination && response.destination !== samlAcsUrl(opts.appUrl, provider.id)) {
    throw identityError('invalid-credential', { details: { reason: 'Destination' } });
  }
  const subject = typeof extract.nameID === 'string' ? extract.nameID.trim() : '';
  if (!subject) throw identityError('invalid-credential', { details: { reason: 'NameID' } });

  const attributes = (extract.attributes ?? {}) as Record<string, string | string[]>;
  const first = (names: string[]) => {
    for (const name of names) {
      const v = attributes[name];
      const value = Array.isArray(v) ? v[0] : v;
      if (value?.trim()) return value.trim();
    }
    return null;
  };
  const email = first(provider.emailAttributes) ?? (subject.includes('@') ? subject : null);
  return {
    providerId: provider.id,
    subject,
    email: email?.toLowerCase() ?? null,
    emailVerified: email !== null && provider.trustEmail,
    displayName: first(provider.nameAttributes),
    photoUrl: null,
  };
}
