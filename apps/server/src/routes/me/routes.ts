import { z } from 'zod';
import { PRESET_AVATARS } from '@trailbuddy/shared/data/avatars';
import {
  completeRegistrationSchema,
  meSchema,
  ownProfileSchema,
  setAvatarSchema,
  updateProfileSchema,
} from '@trailbuddy/shared/contracts/profile';
import { isAdmin } from '../../policies/admin.js';
import { requireUser } from '../../policies/session.js';
import { completeRegistration, getOwnProfile, setProfileImage, updateProfile } from '../../profiles/profiles.js';
import { processImageUpload, storageKeys } from '../../storage/images.js';
import { fileUrl } from '../../storage/file-url.js';
import { errors } from '../schemas.js';
import { readUploadedFile, uploadRoutes } from '../uploads.js';
import { typed, type RouteModule } from '../types.js';

const tags = ['me'];

export const meRoutes: RouteModule = (app, deps) => {
  const r = typed(app);

  r.get(
    '/api/me',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'The signed-in user, their profile and whether they are an administrator',
        response: { 200: meSchema, 401: errors[401] },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      const profile = await getOwnProfile(deps.db, user.id);
      // The session's address may be a placeholder (guest, phone-only, tenant): show the real one.
      return { user: { ...user, email: profile.email }, isAdmin: isAdmin(user.email, deps.adminEmails), profile };
    },
  );

  r.put(
    '/api/me/registration',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Complete registration ("Complete Your Profile"); queues the welcome e-mail',
        body: completeRegistrationSchema,
        response: { 200: ownProfileSchema, 400: errors[400], 401: errors[401] },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return completeRegistration(deps.db, user.id, req.body);
    },
  );

  r.patch(
    '/api/me/profile',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Edit profile fields (the e-mail is not editable)',
        body: updateProfileSchema,
        response: { 200: ownProfileSchema, 400: errors[400], 401: errors[401] },
      },
    },
    async (req) => updateProfile(deps.db, (await requireUser(req)).id, req.body),
  );

  r.put(
    '/api/me/avatar',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Choose one of the six preset avatars',
        body: setAvatarSchema,
        response: { 200: ownProfileSchema, 400: errors[400], 401: errors[401] },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      return setProfileImage(deps.db, user.id, PRESET_AVATARS[req.body.avatar - 1]!);
    },
  );

  void uploadRoutes(app, deps.uploadMaxBytes, (scope) => {
    typed(scope).post(
      '/api/me/photo',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary: 'Upload a profile picture (multipart field "file"); stored as a re-encoded JPEG without EXIF',
          consumes: ['multipart/form-data'],
          response: {
            200: z.object({ image: z.string(), profile: ownProfileSchema }),
            400: errors[400],
            401: errors[401],
            413: errors[413],
          },
        },
      },
      async (req) => {
        const user = await requireUser(req);
        const { buffer } = await readUploadedFile(req, 'file', deps.uploadMaxBytes);
        const { jpeg } = await processImageUpload(buffer, {
          field: 'file',
          maxBytes: deps.uploadMaxBytes,
          maxPixels: deps.uploadMaxPixels,
          maxDimension: 1024,
        });
        const key = storageKeys.profilePicture(user.id, deps.now());
        await deps.storage.put(key, jpeg, 'image/jpeg');
        const image = fileUrl(key)!;
        return { image, profile: await setProfileImage(deps.db, user.id, image) };
      },
    );
  });
};
