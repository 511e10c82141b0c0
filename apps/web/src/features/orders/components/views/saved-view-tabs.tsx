import { ActionIcon, Button, Group, Menu, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBookmarkPlus, IconDots, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';

import type { SavedView } from '@bloomline/contract';

import { useUser } from '@/session/session-context';
import { Dialog, errorMessage } from '@/ui';
import type { OrderListParams } from '@/lib/query-keys';

import { useDeleteView, useSavedViews, useUpdateView } from '../../api/saved-views';
import { SaveViewDialog } from './save-view-dialog';
import { currentViewQuery, viewAddress } from './view-address';

const said = (message: string) =>
  notifications.show({ color: 'green', message, closeButtonProps: { 'aria-label': 'Dismiss' } });

/**
 * Above each order list (issue 40): the user's saved views and those other staff shared, each a link to its
 * address (the open one marked), "Save view" for the filters on screen, and for the open view of one's own:
 * rename, move left or right, share with staff, delete.
 */
export function SavedViewTabs({ params }: { params: OrderListParams }) {
  const user = useUser();
  const views = useSavedViews();
  const [dialog, setDialog] = useState<{ renaming: SavedView | null } | null>(null);
  const query = currentViewQuery(params);
  const list = views.data ?? [];
  const open = list.find((v) => v.query === query) ?? null;

  return (
    <Group gap="xs" wrap="wrap" component="nav" aria-label="Saved views">
      {list.map((view) => {
        const current = view.id === open?.id;
        return (
          <Group key={view.id} gap={2} wrap="nowrap">
            <Button
              component={Link}
              to={viewAddress(view.query)}
              size="xs"
              variant={current ? 'filled' : 'default'}
              aria-current={current ? 'page' : undefined}
              leftSection={view.mine ? undefined : <IconUsers size={14} aria-hidden />}
              maw={220}
              // Who shared it, for screen readers (hidden text beside a block reads with a stray space).
              aria-label={view.mine ? undefined : `${view.name}, shared by ${view.owner ?? 'staff'}`}
            >
              <Text span size="xs" fw={600} truncate>
                {view.name}
              </Text>
            </Button>
            {current && view.mine && (
              <ViewMenu
                view={view}
                mine={list.filter((v) => v.mine)}
                onRename={() => setDialog({ renaming: view })}
              />
            )}
          </Group>
        );
      })}
      {views.isError && (
        <Text size="xs" c="red.9" role="alert">
          {errorMessage(views.error, 'Could not load the saved views.')}
        </Text>
      )}
      {!open && (
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconBookmarkPlus size={14} aria-hidden />}
          onClick={() => setDialog({ renaming: null })}
        >
          Save view
        </Button>
      )}
      <SaveViewDialog
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        query={query}
        renaming={dialog?.renaming ?? null}
        canShare={user.isStaff}
      />
    </Group>
  );
}

/** What the owner may do to the open view. */
function ViewMenu({ view, mine, onRename }: { view: SavedView; mine: SavedView[]; onRename: () => void }) {
  const user = useUser();
  const update = useUpdateView();
  const remove = useDeleteView();
  const [deleting, setDeleting] = useState(false);
  const at = mine.findIndex((v) => v.id === view.id);
  const change = (body: { position?: number; shared?: boolean }, message: string) =>
    update.mutate({ id: view.id, ...body }, { onSuccess: () => said(message) });

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="default" size="md" aria-label={`Options of the view ${view.name}`}>
            <IconDots size={16} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={onRename}>Rename</Menu.Item>
          <Menu.Item disabled={at <= 0} onClick={() => change({ position: at - 1 }, 'Moved.')}>
            Move left
          </Menu.Item>
          <Menu.Item disabled={at >= mine.length - 1} onClick={() => change({ position: at + 1 }, 'Moved.')}>
            Move right
          </Menu.Item>
          {user.isStaff && (
            <Menu.Item
              onClick={() =>
                change({ shared: !view.shared }, view.shared ? 'No longer shared.' : 'Shared with all staff.')
              }
            >
              {view.shared ? 'Stop sharing' : 'Share with all staff'}
            </Menu.Item>
          )}
          <Menu.Item color="red.9" onClick={() => setDeleting(true)}>
            Delete
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Dialog opened={deleting} onClose={() => setDeleting(false)} title={`Delete the view ${view.name}?`}>
        <Text>The tab goes; the orders stay as they are.</Text>
        {remove.isError && (
          <Text role="alert" c="red.9" size="sm" mt="sm">
            {errorMessage(remove.error)}
          </Text>
        )}
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={() => setDeleting(false)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            color="red.9"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(view.id, {
                onSuccess: () => {
                  setDeleting(false);
                  said('Deleted.');
                },
              })
            }
          >
            Delete
          </Button>
        </Group>
      </Dialog>
    </>
  );
}
