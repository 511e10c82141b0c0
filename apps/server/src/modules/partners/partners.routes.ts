import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  candidatesQuery,
  dataOf,
  errorBody,
  idParams,
  partnerCandidate,
  partnerPickerItem,
  partnersQuery,
} from '@bloomline/contract';

import type { Db } from '../../db/client';
import { locations, partners } from '../../db/schema';
import { requireStaff } from '../../plugins/session';
import { candidatesFor } from '../orders/candidates.queries';

const tags = ['partners'];

export const partnersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/partners',
    {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: 'Partners for pickers, optionally searched by name',
        querystring: partnersQuery,
        response: { 200: dataOf(z.array(partnerPickerItem)), 401: errorBody, 403: errorBody },
      },
    },
    async (request) => {
      const city = alias(locations, 'city');
      const q = request.query.q?.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
      const rows = await db
        .select({
          id: partners.id,
          name: partners.name,
          partnerType: partners.partnerType,
          enabled: partners.enabled,
          city: city.name,
        })
        .from(partners)
        .leftJoin(city, eq(city.id, partners.cityId))
        .where(and(q ? sql`lower(${partners.name}) like ${`%${q}%`}` : undefined))
        .orderBy(asc(partners.name));
      return { data: rows };
    },
  );

  app.get(
    '/api/order-lines/:id/partners',
    {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: 'Partners who could take a line, nearest first',
        params: idParams,
        querystring: candidatesQuery,
        response: { 200: dataOf(z.array(partnerCandidate)), 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => ({
      data: await candidatesFor(db, request.params.id, { all: request.query.all, q: request.query.q }),
    }),
  );
};
