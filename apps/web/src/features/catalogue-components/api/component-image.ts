import { COMPONENT_IMAGE_FIELD, componentRoutes } from '@bloomline/contract';

import { call } from '@/api/call';

/** POST /api/components/{id}/image: the picture as a multipart file (checked by content on the server too). */
export const uploadComponentImage = (id: number, file: Blob) =>
  call(
    componentRoutes.uploadImage,
    { params: { id }, body: { [COMPONENT_IMAGE_FIELD]: file } },
    // Over the server's body limit: said on the form, not on the error screen.
    { form: true, handles: [413] },
  ).then((r) => r.data);

/** DELETE /api/components/{id}/image. */
export const deleteComponentImage = (id: number) => call(componentRoutes.removeImage, { params: { id } });
