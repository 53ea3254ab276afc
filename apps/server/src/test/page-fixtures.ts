import sharp from 'sharp';
import { multipartFile } from './multipart.js';
import type { TestApp, TestUser } from './test-app.js';

/**
 * A trail an administrator adds through the API, in Sintra, with its own picture when asked:
 * what the tests of the served page (plugins/static, plugins/server-render) list and open.
 */
export async function addTrail(
  t: TestApp,
  admin: TestUser,
  { name, description, withImage = false }: { name: string; description: string; withImage?: boolean },
): Promise<{ id: string; image: string | null }> {
  let image: string | undefined;
  if (withImage) {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a9d8f' } })
      .png()
      .toBuffer();
    const body = multipartFile('file', 'view.png', png, 'image/png');
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/trail-images?kind=image&trailName=${encodeURIComponent(name)}`,
      headers: { ...body.headers, cookie: admin.cookie },
      payload: body.payload,
    });
    image = upload.json<{ key: string }>().key;
  }
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/trails',
    headers: { cookie: admin.cookie },
    payload: {
      name,
      location: 'Sintra, Portugal',
      length: '10 km',
      hours: 3,
      difficulty: 'Moderate',
      activity: 'hiking',
      description,
      linkmap: 'https://www.openstreetmap.org/',
      image,
    },
  });
  if (res.statusCode !== 201) throw new Error(`trail: ${res.statusCode} ${res.body}`);
  return res.json<{ id: string; image: string | null }>();
}
