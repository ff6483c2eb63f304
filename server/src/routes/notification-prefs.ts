import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope.js';
import { envelopeOf } from '../http/envelope-schema.js';
import { notificationPrefsSchema } from '../../../src/schemas/api/account-responses.js';
import { validateRouteForm } from './form-validate.js';
import { schemaStore } from '../schemas/store.js';
import { mutedKinds, setMutedKinds } from '../repositories/notifications.js';

const SCHEMA_ID = 'lumen:forms/notification-prefs';

/** Every kind the preferences form offers (its checkbox options). */
async function offeredKinds(app: FastifyInstance): Promise<string[]> {
  await schemaStore(app).all();
  const s = schemaStore(app).lookup(SCHEMA_ID) as Record<string, any> | undefined;
  return ((s?.properties?.kinds?.items?.oneOf ?? []) as Array<{ const: string }>).map((o) => o.const);
}

/** /api/user/notification-prefs: which kinds of notification the user receives (stored as the ones turned off). */
export default async function notificationPrefRoutes(app: FastifyInstance) {
  app.get('/', { schema: { summary: '通知设置', response: envelopeOf(notificationPrefsSchema) } }, async (req) => {
    const u = await req.requireUser();
    const muted = new Set(await mutedKinds(app.db, Number(u.id)));
    return ok({ kinds: (await offeredKinds(app)).filter((k) => !muted.has(k)) });
  });

  app.put(
    '/',
    {
      config: { formSchema: SCHEMA_ID },
      schema: { summary: '保存通知设置', response: envelopeOf(notificationPrefsSchema) },
    },
    async (req) => {
      const u = await req.requireUser();
      const form = await validateRouteForm(req);
      const on = new Set(form.kinds as string[]);
      await setMutedKinds(
        app.db,
        Number(u.id),
        (await offeredKinds(app)).filter((k) => !on.has(k)),
      );
      return ok({ kinds: [...on] }, '通知设置已保存');
    },
  );
}
