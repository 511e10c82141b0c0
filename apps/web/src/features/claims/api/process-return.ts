import type { ProcessReturnBody, ReturnDetail } from '@bloomline/contract';

import { api } from '@/api/client';

/** POST /api/orders/returns/{id}/process: only while open; a 409 (already processed) the dialog shows. */
export const processReturn = (id: number, body: ProcessReturnBody) =>
  api
    .post<{ data: ReturnDetail }>(`/api/orders/returns/${id}/process`, body, { handles: [409] })
    .then((r) => r.data);
