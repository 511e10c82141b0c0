import { NumberInput } from '@mantine/core';
import { useState } from 'react';

import { isApiError } from '@/api/client';
import { errorMessage } from '@/ui';

export type QuantityCellProps = {
  /** The quantity saved now. */
  value: number;
  /** Accessible name: "Quantity of Red rose (Retail)". */
  label: string;
  /** Saves a new quantity; a 422 shows under the box, the box keeps what was typed. */
  onSave: (quantity: number | string) => Promise<unknown>;
};

/**
 * A recipe line's quantity, edited in place: saved when Enter is pressed or the box is left, if it changed.
 * Escape puts the saved quantity back.
 */
export function QuantityCell({ value, label, onSave }: QuantityCellProps) {
  const [text, setText] = useState<number | string>(value);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // A new saved quantity (after this or another change) replaces what the box shows, unless it is edited.
  const [saved, setSaved] = useState(value);
  if (saved !== value) {
    setSaved(value);
    setText(value);
  }

  const save = async () => {
    if (saving || String(text) === String(value)) return;
    setSaving(true);
    setError(null);
    try {
      await onSave(text);
    } catch (failure) {
      setError(
        isApiError(failure) && failure.isValidation
          ? (failure.errors.quantity?.join(' ') ?? failure.message)
          : errorMessage(failure),
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <NumberInput
      aria-label={label}
      value={text}
      onChange={(next) => {
        setText(next);
        setError(null);
      }}
      onBlur={() => void save()}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          void save();
        } else if (event.key === 'Escape') {
          setText(value);
          setError(null);
        }
      }}
      error={error}
      readOnly={saving}
      decimalScale={3}
      hideControls
      size="xs"
      w={{ base: 80, sm: 110 }}
      styles={{ input: { textAlign: 'right' } }}
    />
  );
}
