import createClient from 'openapi-fetch';
import type { paths } from './schema.js';

/**
 * A typed client of the TrailBuddy API, built from the generated `paths` alone, that keeps its
 * cookies between calls the way a browser would: what a third party's program looks like.
 */
export function apiClient(baseUrl: string) {
  const jar = new Map<string, string>();
  const client = createClient<paths>({ baseUrl, headers: { origin: baseUrl } });
  client.use({
    onRequest({ request }) {
      if (jar.size > 0) request.headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
      return request;
    },
    onResponse({ response }) {
      for (const header of response.headers.getSetCookie()) {
        const [pair = '', ...attributes] = header.split(';');
        const [name = '', value = ''] = pair.split(/=(.*)/s).map((s) => s.trim());
        const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
        if (expired || value === '') jar.delete(name);
        else jar.set(name, value);
      }
      return response;
    },
  });
  return client;
}
