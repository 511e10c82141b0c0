import { Modal } from '@mantine/core';
import type { ModalRootProps } from '@mantine/core';
import type { ReactNode } from 'react';

export interface DialogProps extends Omit<ModalRootProps, 'title' | 'children'> {
  title: ReactNode;
  children: ReactNode;
  /** Hide the close button (e.g. while an action runs). */
  withCloseButton?: boolean;
}

/**
 * The one dialog: Mantine's Modal built from its parts so the header is a plain div. Mantine's simple Modal
 * renders a <header>, which axe counts as a second banner landmark on the page.
 */
export function Dialog({ title, children, withCloseButton = true, centered = true, ...root }: DialogProps) {
  return (
    <Modal.Root centered={centered} {...root}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>{title}</Modal.Title>
          {withCloseButton && <Modal.CloseButton aria-label="Close" />}
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
