import { Center, Image } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';

import type { ProductListItem } from '@bloomline/contract';

const SIZE = 40;

/** What shows where a product has no picture, or its picture cannot be loaded. */
export const NO_PICTURE_LABEL = 'No picture';

/**
 * The product's first picture as a thumbnail. Decorative (empty alt): the row names the product beside
 * it, and a screen reader would only read the title twice. Without a picture, or when it fails to load
 * (a broken link, an address the page's policy blocks), a placeholder takes its place.
 */
export function ProductPicture({ images }: Pick<ProductListItem, 'images'>) {
  const first = images[0];
  const [failed, setFailed] = useState<string | null>(null);
  if (!first || failed === first.url) {
    return (
      <Center
        w={SIZE}
        h={SIZE}
        bg="gray.1"
        style={{ borderRadius: 4 }}
        role="img"
        aria-label={NO_PICTURE_LABEL}
        title={NO_PICTURE_LABEL}
      >
        <IconPhoto size={20} aria-hidden color="var(--mantine-color-gray-6)" />
      </Center>
    );
  }
  return (
    <Image
      src={first.url}
      alt=""
      w={SIZE}
      h={SIZE}
      fit="cover"
      radius="sm"
      loading="lazy"
      // The box shows while the picture is on its way.
      bg="gray.1"
      onError={() => setFailed(first.url)}
    />
  );
}
