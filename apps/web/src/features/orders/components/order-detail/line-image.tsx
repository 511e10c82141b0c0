import { Center, Image } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';

import type { OrderLine } from '@bloomline/contract';

const SIZE = { base: 64, sm: 96 };

/** The product's picture, or a placeholder when there is none or it does not load. */
export function LineImage({ image, title }: { image: OrderLine['image']; title: string }) {
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
        aria-label={`No picture of ${title}`}
      >
        <IconPhoto size={28} aria-hidden />
      </Center>
    );
  }
  return (
    <Image
      src={image.url}
      alt={image.altText || title}
      w={SIZE}
      h={SIZE}
      fit="cover"
      radius="sm"
      style={{ flexShrink: 0 }}
      onError={() => setFailedUrl(image.url)}
    />
  );
}
