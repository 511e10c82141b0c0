import { Button, Group, Text, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

import type { PageLink, PageMeta } from '@bloomline/contract';

import { filledButtonTone } from './contrast';
import { PHONE_QUERY } from './phone';

/** On a phone only the pages next to the current one show. */
export const PAGER_NARROW_QUERY = PHONE_QUERY;

type PagerItem =
  | { kind: 'previous' | 'next'; page: number | null }
  | { kind: 'page'; page: number; active: boolean }
  | { kind: 'gap' };

const NUMBER = /^\d+$/;

/** The page a link leads to: its `page` query parameter, else its label. */
export function linkPage(link: PageLink): number | null {
  if (link.url) {
    const page = new URL(link.url, 'http://localhost').searchParams.get('page');
    if (page && NUMBER.test(page)) return Number(page);
  }
  const label = link.label.trim();
  return NUMBER.test(label) ? Number(label) : null;
}

/** Laravel lists Previous first and Next last, labelled with HTML entities; the numbers sit between. */
function toItems(links: PageLink[]): PagerItem[] {
  return links.map((link, index): PagerItem => {
    const label = link.label.trim();
    if (label === '...') return { kind: 'gap' };
    if (NUMBER.test(label))
      return { kind: 'page', page: linkPage(link) ?? Number(label), active: link.active };
    const page = link.url ? linkPage(link) : null;
    return { kind: index === 0 ? 'previous' : 'next', page };
  });
}

export type PagerProps = {
  meta: PageMeta | null | undefined;
  onPage: (page: number) => void;
};

export function Pager({ meta, onPage }: PagerProps) {
  const theme = useMantineTheme();
  const narrow = useMediaQuery(PAGER_NARROW_QUERY);
  if (!meta) return null;
  const items = toItems(meta.links);
  const movable = items.some((i) => (i.kind === 'previous' || i.kind === 'next') && i.page !== null);
  if (meta.last_page <= 1 && !movable) return null;

  const current = meta.current_page;
  const activeTone = filledButtonTone(theme, theme.primaryColor);
  return (
    <nav aria-label="Pagination">
      <Group gap={6} justify="center" wrap="wrap">
        {items.map((item, index) => {
          if (item.kind === 'gap') {
            return narrow ? null : (
              <Text key={`gap-${index}`} component="span" px={4} aria-hidden>
                ...
              </Text>
            );
          }
          if (item.kind === 'page') {
            if (narrow && Math.abs(item.page - current) > 1) return null;
            return (
              <Button
                key={`page-${item.page}`}
                size="xs"
                miw={34}
                px={8}
                {...(item.active ? activeTone : { variant: 'default' })}
                aria-current={item.active ? 'page' : undefined}
                onClick={() => {
                  if (!item.active) onPage(item.page);
                }}
              >
                {item.page}
              </Button>
            );
          }
          const previous = item.kind === 'previous';
          const target = item.page;
          return (
            <Button
              key={item.kind}
              size="xs"
              variant="default"
              disabled={target === null}
              leftSection={previous ? <IconChevronLeft size={14} aria-hidden /> : undefined}
              rightSection={previous ? undefined : <IconChevronRight size={14} aria-hidden />}
              onClick={() => {
                if (target !== null) onPage(target);
              }}
            >
              {previous ? 'Previous' : 'Next'}
            </Button>
          );
        })}
      </Group>
    </nav>
  );
}
