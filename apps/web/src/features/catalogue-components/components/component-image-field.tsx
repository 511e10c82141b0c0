import { Box, FileInput, Group, Image, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

import { COMPONENT_IMAGE_MAX_BYTES, COMPONENT_IMAGE_MESSAGE, isAcceptableImage } from '@bloomline/contract';

import { ConfirmAction } from '@/ui';

/** A file's bytes, through FileReader (every browser has it, and so do the tests' jsdom). */
const bytesOf = (file: Blob) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsArrayBuffer(file);
  });

/** The browser's check of a chosen file, the server's rule: JPEG or PNG by content, at most 500,000 bytes. */
export async function isAcceptableFile(file: Blob): Promise<boolean> {
  if (file.size === 0 || file.size > COMPONENT_IMAGE_MAX_BYTES) return false;
  return isAcceptableImage(await bytesOf(file));
}

/**
 * An address for showing a chosen file before it is uploaded; the previous one is released when another is
 * shown, the last when the field goes.
 */
function usePreview() {
  const [url, setUrl] = useState<string | null>(null);
  const current = useRef<string | null>(null);
  const show = useCallback((file: File | null) => {
    if (current.current) URL.revokeObjectURL(current.current);
    // jsdom has no object URLs; the preview is only a nicety.
    current.current = file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
    setUrl(current.current);
  }, []);
  useEffect(
    () => () => {
      if (current.current) URL.revokeObjectURL(current.current);
    },
    [],
  );
  return [url, show] as const;
}

export type ComponentImageFieldProps = {
  /** The component's name, for the picture's text alternative. */
  name: string;
  /** Where the stored picture is served; null without one. */
  currentUrl: string | null;
  /** A picture chosen and checked, uploaded when the form is saved. */
  value: File | null;
  onChange: (file: File | null) => void;
  /** A chosen file that is not an acceptable picture. */
  onRefused: (message: string) => void;
  error?: ReactNode;
  /** Removes the stored picture at once (an existing component only). */
  onRemove?: () => Promise<unknown>;
};

/** The component's picture: the one stored or the one chosen, a file box that checks by content, Remove. */
export function ComponentImageField({
  name,
  currentUrl,
  value,
  onChange,
  onRefused,
  error,
  onRemove,
}: ComponentImageFieldProps) {
  const [preview, showPreview] = usePreview();
  const shown = value ? preview : currentUrl;

  const choose = async (file: File | null) => {
    if (!file) return onChange(null);
    // A file that cannot even be read is no picture either.
    if (await isAcceptableFile(file).catch(() => false)) {
      showPreview(file);
      return onChange(file);
    }
    // Only when there is something to drop: a change clears the field's error after this sets it.
    if (value) onChange(null);
    onRefused(COMPONENT_IMAGE_MESSAGE);
  };

  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="md" wrap="wrap">
        <Box
          w={120}
          h={120}
          bd="1px solid var(--mantine-color-gray-4)"
          style={{ borderRadius: 'var(--mantine-radius-sm)', display: 'grid', placeItems: 'center' }}
        >
          {shown ? (
            <Image
              src={shown}
              alt={value ? `Chosen picture for ${name || 'the component'}` : `Picture of ${name}`}
              w={118}
              h={118}
              fit="contain"
            />
          ) : (
            <IconPhoto size={40} aria-hidden color="var(--mantine-color-gray-6)" />
          )}
        </Box>
        <Stack gap="xs" style={{ flex: '1 1 220px' }}>
          <FileInput
            label="Picture"
            description="A JPEG or PNG of at most 500 KB; it is uploaded when you save."
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            placeholder="Choose a picture"
            accept="image/jpeg,image/png"
            value={value}
            onChange={(file) => void choose(file)}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear the chosen picture' }}
            // Mantine's placeholder grey is below 4.5:1; the theme's dimmed text passes.
            styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
            error={error}
          />
          {currentUrl && !value && onRemove && (
            <Group>
              <ConfirmAction
                label="Remove picture"
                title="Remove picture"
                message={`Remove the picture of ${name}? It is deleted at once.`}
                confirmLabel="Remove"
                variant="default"
                size="xs"
                c="red.9"
                onConfirm={onRemove}
              />
            </Group>
          )}
        </Stack>
      </Group>
      {!shown && (
        <Text size="sm" c="dimmed">
          No picture yet.
        </Text>
      )}
    </Stack>
  );
}
