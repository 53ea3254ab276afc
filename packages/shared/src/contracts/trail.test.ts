import { describe, expect, it } from 'vitest';
import { createTrailRequestSchema, TRAIL_IMAGE_KEY_PREFIXES, TRAIL_IMAGE_KINDS, trailImageUploadQuerySchema } from './trail';

const form = {
  name: 'Sintra Loop',
  location: 'Sintra, Portugal',
  length: '8 km',
  hours: '3',
  difficulty: 'Moderate',
  activity: 'hiking',
  description: 'Through the forest to the palace.',
  linkmap: 'https://maps.example.com/sintra',
};

describe('createTrailRequestSchema', () => {
  it('takes the form with or without the uploaded images’ keys', () => {
    expect(createTrailRequestSchema.parse(form)).toMatchObject({ hours: 3, weekendDay: 'saturday' });
    const withImages = createTrailRequestSchema.parse({ ...form, image: 'trailImages/sintra-a.jpg', map: 'mapImages/sintra-b.jpg' });
    expect(withImages).toMatchObject({ image: 'trailImages/sintra-a.jpg', map: 'mapImages/sintra-b.jpg' });
  });

  it('has one key field per image kind, named as the kind', () => {
    for (const kind of TRAIL_IMAGE_KINDS) {
      expect(createTrailRequestSchema.shape[kind].safeParse(undefined).success).toBe(true);
      expect(createTrailRequestSchema.shape[kind].safeParse(42).success).toBe(false);
    }
  });

  it('names the field at fault', () => {
    const result = createTrailRequestSchema.safeParse({ ...form, hours: 'a while' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['hours']);
  });
});

describe('trail image uploads', () => {
  it('store each kind under its own prefix', () => {
    expect(new Set(Object.values(TRAIL_IMAGE_KEY_PREFIXES)).size).toBe(TRAIL_IMAGE_KINDS.length);
  });

  it('accept only the known kinds and a trail name', () => {
    expect(trailImageUploadQuerySchema.safeParse({ kind: 'map', trailName: ' Sintra ' }).data).toEqual({
      kind: 'map',
      trailName: 'Sintra',
    });
    expect(trailImageUploadQuerySchema.safeParse({ kind: 'cover', trailName: 'Sintra' }).success).toBe(false);
    expect(trailImageUploadQuerySchema.safeParse({ kind: 'image', trailName: '  ' }).success).toBe(false);
  });
});
