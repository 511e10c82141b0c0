import { Group } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';

/** Partner ratings run from 1 to 10 (the seed and the partner form use this scale). */
export const RATING_MAX = 10;

/** A partner's rating as that many filled stars, read out as 'Rating 7 of 10'. */
export function RatingStars({ rating }: { rating: number }) {
  const stars = Math.max(0, Math.min(RATING_MAX, Math.round(rating)));
  return (
    <Group gap={1} wrap="nowrap" role="img" aria-label={`Rating ${stars} of ${RATING_MAX}`} c="yellow.8">
      {Array.from({ length: stars }, (_, i) => (
        <IconStarFilled key={i} size={12} aria-hidden />
      ))}
    </Group>
  );
}
