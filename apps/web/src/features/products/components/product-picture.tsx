import { Center, Image } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';

import type { ProductListItem } from '@bloomline/contract';

const SIZE = 40;

/**
 * The product's first picture as a thumbnail. Decorative (empty alt): the row names the product beside
 * it, and a screen reader would only read the title twice.
 */
export function ProductPicture({ images }: Pick<ProductListItem, 'images'>) {
  const first = images[0];
  if (!first) {
    return (
      <Center w={SIZE} h={SIZE} bg="gray.1" style={{ borderRadius: 4 }}>
        <IconPhoto size={20} aria-hidden color="var(--mantine-color-gray-6)" />
      </Center>
    );
  }
  return <Image src={first.url} alt="" w={SIZE} h={SIZE} fit="cover" radius="sm" loading="lazy" />;
}
