import { Center, Image } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';

import type { RefundLine } from '@bloomline/contract';

const SIZE = 56;

/** The product's first picture, small; a placeholder when it has none or it does not load. */
export function ProductThumb({ product }: { product: RefundLine['product'] }) {
  const image = product.images[0];
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (!image || failedUrl === image.url) {
    return (
      <Center
        w={SIZE}
        h={SIZE}
        bg="gray.1"
        c="gray.6"
        style={{ borderRadius: 'var(--mantine-radius-sm)', flexShrink: 0 }}
        role="img"
        aria-label={`No picture of ${product.title}`}
      >
        <IconPhoto size={24} aria-hidden />
      </Center>
    );
  }
  return (
    <Image
      src={image.url}
      alt={image.altText || product.title}
      w={SIZE}
      h={SIZE}
      fit="cover"
      radius="sm"
      style={{ flexShrink: 0 }}
      onError={() => setFailedUrl(image.url)}
    />
  );
}
