import type { FastifyRequest } from 'fastify';

import { unauthenticated } from './errors';

/** Who is signed in, as the session plugin (`plugins/session`) reads them for each request. */
export interface SessionUser {
  id: number;
  name: string;
  email: string;
  roleId: number;
  partnerId: number | null;
  isStaff: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

/** The signed-in user; use after requireUser. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}
