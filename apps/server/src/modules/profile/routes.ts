// GET /profile/: results[0] holds user, supplier, picture, picture_data, role, warehouse_groups_options.
import { type Profile, profileAnswer } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { suppliers, users } from '../../db/schema/index.ts';
import { currentUser } from '../../lib/auth.ts';
import type { ZApp } from '../../lib/http.ts';
import { sessionUserPayload } from '../auth/index.ts';

export default async function routes(app: ZApp) {
  app.get(
    '/profile/',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'The logged-in user with role, groups and supplier',
        tags: ['profile'],
        response: { 200: profileAnswer },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const user = await sessionUserPayload(app.db, me.id);
      const [authorized] = await app.db
        .select({ isAuthorized: users.isAuthorized })
        .from(users)
        .where(eq(users.id, me.id));
      let supplier: Profile['supplier'] = null;
      if (me.supplierId) {
        const [s] = await app.db.select().from(suppliers).where(eq(suppliers.id, me.supplierId));
        supplier = {
          id: s.id,
          name: s.name,
          registration_code: s.registrationCode,
          is_employees_can_view_proposal: s.isEmployeesCanViewProposal,
        };
      }
      return {
        results: [
          {
            user,
            supplier,
            picture: user.picture,
            picture_data: null,
            role: user.role,
            warehouse_groups_options: user.warehouse_groups_options,
            is_authorized: authorized?.isAuthorized ?? false,
          },
        ],
      };
    },
  );
}
