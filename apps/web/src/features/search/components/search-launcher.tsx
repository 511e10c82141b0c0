import '@mantine/spotlight/styles.css';

import { ActionIcon, Button, Kbd, Loader, Text } from '@mantine/core';
import { useDebouncedValue, useOs } from '@mantine/hooks';
import { createSpotlight, Spotlight, useSpotlight } from '@mantine/spotlight';
import {
  IconBuildingStore,
  IconBuildingWarehouse,
  IconFlower,
  IconLayoutDashboard,
  IconPackage,
  IconSearch,
  IconUser,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';

import type { SearchResult, SearchType } from '@bloomline/contract';
import { MIN_SEARCH_LENGTH, SEARCH_TYPE_LABELS, SEARCH_TYPES } from '@bloomline/contract';

import { errorMessage } from '@/ui';

import { searchable, useSearch } from '../api/search';

const [store, searchBox] = createSpotlight();
const LIST_ID = 'search-results';
const resultId = (index: number) => `search-result-${String(index)}`;

/** Opens the search box (the header's button; Ctrl/⌘+K anywhere). */
export const openSearch = searchBox.open;

/**
 * Marks the first result as the one Enter opens, as the box does itself for results it already had when the
 * text changed (ours arrive a moment later, from the server).
 */
function selectFirstResult() {
  const { listId } = store.getState();
  const list = listId ? document.getElementById(listId) : null;
  if (!list) return;
  list.querySelector('[data-selected]')?.removeAttribute('data-selected');
  const first = list.querySelector('[data-action]');
  first?.setAttribute('data-selected', 'true');
  store.updateState((state) => ({ ...state, selected: first ? 0 : -1 }));
}

/**
 * Names the box's dialog for screen readers. Mantine's Modal would take a title, but draws it in a <header>: a
 * second banner landmark on the page (the reason ui/dialog.tsx builds its dialogs from parts).
 */
const nameTheDialog = (input: HTMLInputElement | null) =>
  input?.closest('[role="dialog"]')?.setAttribute('aria-label', 'Search');

/** How long the box waits after a key before it asks: quick enough to feel instant, one request per word. */
const DEBOUNCE_MS = 150;

const ICONS: Record<SearchType, typeof IconSearch> = {
  order: IconPackage,
  partner: IconFlower,
  customer: IconUser,
  company: IconBuildingWarehouse,
  product: IconBuildingStore,
  screen: IconLayoutDashboard,
};

/**
 * Search from anywhere (issue 40): a button in the header (an icon on a phone) and Ctrl/⌘+K on any screen, even
 * in a text box, open one box that finds orders by number, recipient, phone or e-mail, partners, customers,
 * companies, products and screens; arrows move, Enter opens, Escape closes.
 */
export function SearchLauncher({ compact }: { compact: boolean }) {
  const os = useOs();
  const mod = os === 'macos' || os === 'ios' ? '⌘' : 'Ctrl';
  return (
    <>
      {compact ? (
        <ActionIcon variant="default" size="lg" onClick={openSearch} aria-label="Search">
          <IconSearch size={18} aria-hidden />
        </ActionIcon>
      ) : (
        <Button
          variant="default"
          size="xs"
          leftSection={<IconSearch size={14} aria-hidden />}
          rightSection={
            <Kbd size="xs" aria-hidden>
              {mod} K
            </Kbd>
          }
          onClick={openSearch}
          aria-keyshortcuts="Control+K Meta+K"
        >
          Search
        </Button>
      )}
      <SearchBox />
    </>
  );
}

function SearchBox() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), DEBOUNCE_MS);
  const results = useSearch(debounced);
  const ready = searchable(debounced);
  const found = ready ? (results.data ?? []) : [];

  let status: React.ReactNode = null;
  if (query.trim().length < MIN_SEARCH_LENGTH)
    status = 'Type an order number, a name, a phone number or an e-mail address.';
  else if (!ready || (results.isPending && found.length === 0))
    status = <Loader size="sm" aria-label="Searching" />;
  else if (results.isError) status = errorMessage(results.error, 'Could not search.');
  else if (found.length === 0) status = 'Nothing found.';
  const { selected } = useSpotlight(store);

  const open = (result: SearchResult) => void navigate(result.url);
  const shown = found.map((r) => `${r.type}-${String(r.id)}`).join(',');
  useEffect(() => {
    if (shown) selectFirstResult();
  }, [shown]);

  // A combobox as screen readers know it: the results are options, the one Enter opens is the active one.
  let index = 0;
  return (
    <Spotlight.Root
      store={store}
      query={query}
      onQueryChange={setQuery}
      shortcut={['mod + K']}
      // Ctrl+K works inside a text box too: it is never text.
      tagsToIgnore={[]}
      // No scrolling list of its own: many results scroll the whole box, search field included. A list that
      // scrolled inside the box was a scrolling area no key could reach (the options take no focus; axe's
      // scrollable-region-focusable, whenever the results outgrew it), and a focusable list cannot be a listbox.
    >
      <Spotlight.Search
        ref={nameTheDialog}
        placeholder="Search orders, partners, customers, products and screens…"
        aria-label="Search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={found.length > 0}
        aria-controls={found.length > 0 ? LIST_ID : undefined}
        aria-activedescendant={found.length > 0 && selected >= 0 ? resultId(selected) : undefined}
        leftSection={<IconSearch size={18} aria-hidden />}
        rightSection={results.isFetching ? <Loader size="xs" aria-hidden /> : undefined}
      />
      {status !== null && (
        <Text size="sm" role="status" component="div" px="md" py="sm" c="dimmed">
          {status}
        </Text>
      )}
      {found.length > 0 && (
        <Spotlight.ActionsList id={LIST_ID} role="listbox" aria-label="Results">
          {SEARCH_TYPES.map((type) => {
            const ofType = found.filter((r) => r.type === type);
            if (ofType.length === 0) return null;
            const Icon = ICONS[type];
            return (
              <Spotlight.ActionsGroup
                key={type}
                label={SEARCH_TYPE_LABELS[type]}
                role="group"
                aria-label={SEARCH_TYPE_LABELS[type]}
              >
                {ofType.map((r) => {
                  const at = index++;
                  return (
                    <Spotlight.Action
                      key={`${r.type}-${String(r.id)}`}
                      // The action keeps no id of its own: given here, for aria-activedescendant.
                      ref={(el) => {
                        if (el) el.id = resultId(at);
                      }}
                      role="option"
                      aria-selected={at === selected}
                      tabIndex={-1}
                      label={r.title}
                      description={r.subtitle ?? undefined}
                      leftSection={<Icon size={18} aria-hidden />}
                      onClick={() => open(r)}
                    />
                  );
                })}
              </Spotlight.ActionsGroup>
            );
          })}
        </Spotlight.ActionsList>
      )}
    </Spotlight.Root>
  );
}
