import { Center, Image } from '@mantine/core';
import type { ImageProps } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';

/**
 * A product's picture, square, or a placeholder when there is none or it does not load (the order page's
 * lines, a refund's line items).
 */
export function ProductPicture({
  image,
  title,
  size,
}: {
  image: { url: string; altText: string | null } | null | undefined;
  title: string;
  /** Its side: a number, or one a breakpoint each (`{ base: 64, sm: 96 }`). */
  size: ImageProps['w'];
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (!image || failedUrl === image.url) {
    return (
      <Center
        w={size}
        h={size}
        bg="gray.1"
        c="gray.6"
        style={{ borderRadius: 'var(--mantine-radius-sm)', flexShrink: 0 }}
        role="img"
        aria-label={`No picture of ${title}`}
      >
        <IconPhoto size={24} aria-hidden />
      </Center>
    );
  }
  return (
    <Image
      src={image.url}
      alt={image.altText || title}
      w={size}
      h={size}
      fit="cover"
      radius="sm"
      style={{ flexShrink: 0 }}
      onError={() => setFailedUrl(image.url)}
    />
  );
}
