import { Paper, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

export type DetailSectionProps = {
  title: string;
  children: ReactNode;
  /** Hidden when the page is printed (the delivery note stands in for it). */
  className?: string;
};

/** A titled panel of the order page: an <h2> and its content, named for assistive technology. */
export function DetailSection({ title, children, className }: DetailSectionProps) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} withBorder p="md" radius="md" className={className}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
