import { Button, Group, Text, useMantineTheme } from '@mantine/core';

import { vatChangeQuestion, type VatPreview } from '@bloomline/contract';

import { Dialog, filledButtonTone } from '@/ui';

export const VAT_QUESTION_TITLE = 'Change the VAT rate?';

/**
 * Asked before a new VAT rate is saved (issue 46): what it reprices, counted by the server's dry run, and
 * that orders keep the VAT they were assigned with.
 */
export function VatQuestion({
  preview,
  onAnswer,
}: {
  preview: VatPreview | null;
  onAnswer: (change: boolean) => void;
}) {
  const theme = useMantineTheme();
  return (
    <Dialog opened={preview !== null} onClose={() => onAnswer(false)} title={VAT_QUESTION_TITLE}>
      {preview && <Text>{vatChangeQuestion(preview)}</Text>}
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={() => onAnswer(false)}>
          Cancel
        </Button>
        <Button
          {...filledButtonTone(theme, theme.primaryColor)}
          onClick={() => onAnswer(true)}
          data-autofocus
        >
          Change VAT
        </Button>
      </Group>
    </Dialog>
  );
}
