import type { Component } from '@bloomline/contract';
import { COMPONENT_IMAGE_FIELD } from '@bloomline/contract';

import { api } from '@/api/client';

/** POST /api/components/{id}/image: the picture as a multipart file (checked by content on the server too). */
export const uploadComponentImage = (id: number, file: Blob) =>
  api
    .form<{ data: Component }>(
      `/api/components/${id}/image`,
      { [COMPONENT_IMAGE_FIELD]: file },
      // Over the server's body limit: said on the form, not on the error screen.
      { handles: [413] },
    )
    .then((r) => r.data);

/** DELETE /api/components/{id}/image. */
export const deleteComponentImage = (id: number) => api.delete<void>(`/api/components/${id}/image`);
