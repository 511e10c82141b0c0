import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { auditEntry, auditListRequest, paged } from '@bloomline/contract';

import { areaRoutes } from '../../lib/area-routes';
import { guardModule, requireStaff } from '../../plugins/session';
import type { AuditService } from './audit.service';

/** The audit log: staff only, guarded once for the whole module. */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  guardModule(app, requireStaff);
  const routes = await areaRoutes(app, { tags: ['audit'] });

  routes.read(
    '/api/audit',
    {
      summary: 'Audit entries, newest first, by user (id), record type (pT) and record id (pI), paged',
      querystring: auditListRequest,
      answer: paged(auditEntry),
    },
    ({ query, path }) => audit.list(query, path),
  );
};
