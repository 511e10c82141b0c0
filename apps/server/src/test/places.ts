import type { Db } from '../db/client';
import { locations } from '../db/schema';

/** A small map for the tests of partner addresses: two provinces, a city in each, and suburbs. */
export async function createPlaces(db: Db) {
  const place = async (
    name: string,
    type: 'country' | 'province' | 'city' | 'suburb',
    parentId: number | null,
  ) => {
    const [row] = await db
      .insert(locations)
      .values({ name, locationType: type, parentId, handle: `t-${name.toLowerCase().replace(/ /g, '-')}` })
      .returning({ id: locations.id });
    return row!.id;
  };
  const za = await place('South Africa', 'country', null);
  const westernCape = await place('Western Cape', 'province', za);
  const gauteng = await place('Gauteng', 'province', za);
  const capeTown = await place('Cape Town', 'city', westernCape);
  const johannesburg = await place('Johannesburg', 'city', gauteng);
  const gardens = await place('Gardens', 'suburb', capeTown);
  const rosebank = await place('Rosebank', 'suburb', johannesburg);
  return { za, westernCape, gauteng, capeTown, johannesburg, gardens, rosebank };
}
export type Places = Awaited<ReturnType<typeof createPlaces>>;
