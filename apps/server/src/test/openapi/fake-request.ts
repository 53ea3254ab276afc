import { generate, type JsonSchema } from 'json-schema-faker';
import type { InjectOptions } from 'fastify';
import type { JsonObject, OpenApiDocument } from '../../plugins/openapi-document.js';

interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

/**
 * A request that the document says is valid for one operation: required parameters and a JSON
 * body generated from their schemas (json-schema-faker, seeded, so a run is repeatable).
 */
export async function fakeRequest(doc: OpenApiDocument, path: string, method: string, operation: JsonObject): Promise<InjectOptions> {
  // Schemas may point into the document's components: generate with them in reach.
  const fake = (schema: JsonSchema) =>
    generate({ ...(schema as object), components: doc.components } as JsonSchema, {
      seed: 1,
      optionalsProbability: 0,
      fixedProbabilities: true,
    });
  let url = path;
  const query = new URLSearchParams();
  for (const parameter of (operation.parameters ?? []) as Parameter[]) {
    if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, encodeURIComponent(String(await fake(parameter.schema))));
    else if (parameter.in === 'query' && parameter.required) query.set(parameter.name, String(await fake(parameter.schema)));
  }
  const body = (operation.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined)?.content?.['application/json'];
  return {
    method: method.toUpperCase() as InjectOptions['method'],
    url: query.size > 0 ? `${url}?${query}` : url,
    ...(body?.schema ? { payload: (await fake(body.schema)) as InjectOptions['payload'] } : {}),
  };
}
