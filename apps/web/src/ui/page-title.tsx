import { Anchor, Box, Breadcrumbs, Group, Text, Title, useMantineTheme } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { readableShade } from './contrast';

export const APP_NAME = 'Bloomline';

export type Breadcrumb = { label: string; to?: string };

export type PageTitleProps = {
  title: string;
  /** Buttons at the right; they wrap under the title when the screen is narrow. */
  actions?: ReactNode;
  breadcrumbs?: Breadcrumb[];
};

/** The page's one <h1>, its breadcrumbs and actions; also names the browser tab. */
export function PageTitle({ title, actions, breadcrumbs }: PageTitleProps) {
  const theme = useMantineTheme();
  useDocumentTitle(`${title} · ${APP_NAME}`);
  const linkColour = readableShade(theme, theme.primaryColor);

  return (
    <Box mb="md">
      {breadcrumbs && breadcrumbs.length > 0 && (
        <Box component="nav" aria-label="Breadcrumb" mb={4}>
          <Breadcrumbs separatorMargin={6} fz="sm">
            {breadcrumbs.map((crumb, index) =>
              crumb.to ? (
                <Anchor
                  key={`${index}-${crumb.label}`}
                  component={Link}
                  to={crumb.to}
                  size="sm"
                  c={linkColour}
                >
                  {crumb.label}
                </Anchor>
              ) : (
                <Text key={`${index}-${crumb.label}`} component="span" size="sm" aria-current="page">
                  {crumb.label}
                </Text>
              ),
            )}
          </Breadcrumbs>
        </Box>
      )}
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Title order={1} size="h2">
          {title}
        </Title>
        {actions && (
          <Group gap="xs" wrap="wrap">
            {actions}
          </Group>
        )}
      </Group>
    </Box>
  );
}
