import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { auditEntry, auditListRequest, paged } from '@bloomline/contract';

import { guardModule, requireStaff } from '../../plugins/session';
import type { AuditService } from './audit.service';

const tags = ['audit'];

/** The audit log: staff only, guarded once for the whole module. */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  guardModule(app, requireStaff);

  app.get(
    '/api/audit',
    {
      schema: {
        tags,
        summary: 'Audit entries, newest first, by user (id), record type (pT) and record id (pI), paged',
        querystring: auditListRequest,
        response: { 200: paged(auditEntry) },
      },
    },
    async (request) => audit.list(request.query),
  );
};
