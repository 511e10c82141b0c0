import { CloseButton, TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useRef, useState, type KeyboardEvent } from 'react';

/** Part 1, point 9: search fires 500 ms after typing stops. */
export const SEARCH_DEBOUNCE_MS = 500;

export type SearchInputProps = Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'label'> & {
  /** The search in force (usually the `q` of the URL). */
  value: string;
  /** Called with the trimmed text, only when it differs from the search in force. */
  onSearch: (q: string) => void;
  /** Accessible name; shown above the box only with `showLabel`. */
  label?: string;
  showLabel?: boolean;
};

export function SearchInput({
  value,
  onSearch,
  label = 'Search',
  showLabel = false,
  placeholder = 'Search',
  onKeyDown,
  ...rest
}: SearchInputProps) {
  const [text, setText] = useState(value);
  // The query both sides agree on: last sent by us or last received through `value`.
  const [synced, setSynced] = useState(value.trim());
  const [seen, setSeen] = useState(value);
  const input = useRef<HTMLInputElement>(null);

  // Follow outside changes (back button, links) without echoing our own searches back into the box.
  if (value !== seen) {
    setSeen(value);
    if (value.trim() !== synced) {
      setText(value);
      setSynced(value.trim());
    }
  }

  const emit = (q: string) => {
    if (q === synced) return;
    setSynced(q);
    onSearch(q);
  };
  // Reads the text when it fires, so a value replaced from outside meanwhile is not sent.
  const searchLater = useDebouncedCallback(() => emit(text.trim()), SEARCH_DEBOUNCE_MS);

  const searchNow = (q: string) => {
    searchLater.cancel();
    emit(q);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.key === 'Enter') {
      event.preventDefault();
      searchNow(text.trim());
    }
  };

  return (
    <TextInput
      ref={input}
      {...rest}
      {...(showLabel ? { label } : { 'aria-label': label })}
      placeholder={placeholder}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        searchLater();
      }}
      onKeyDown={handleKeyDown}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSectionPointerEvents="all"
      rightSection={
        text ? (
          <CloseButton
            size="sm"
            aria-label="Clear search"
            onClick={() => {
              setText('');
              searchNow('');
              input.current?.focus();
            }}
          />
        ) : null
      }
    />
  );
}
