import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// The contract's `auditRoutes`, by another name here: the module's plugin below has that name (app.ts).
import { auditRoutes as declared } from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { guardModule, requireStaff } from '../../plugins/session';
import type { AuditService } from './audit.service';

/** The audit log: staff only, guarded once for the whole module. Its route is the contract's. */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  guardModule(app, requireStaff);
  const routes = await areaRoutes(app, { tags: ['audit'] });

  routes.serve(
    declared.list,
    { summary: 'Audit entries, newest first, by user (id), record type (pT) and record id (pI), paged' },
    ({ query, path }) => audit.list(query, path),
  );
};
