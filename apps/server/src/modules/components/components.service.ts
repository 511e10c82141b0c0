import { eq } from 'drizzle-orm';

import {
  COMPONENT_IMAGE_FIELD,
  COMPONENT_IMAGE_MAX_SIDE,
  COMPONENT_IMAGE_MESSAGE,
  componentImageTooLargeMessage,
  isAcceptableImage,
  toCents,
  toRand,
  MESSAGES,
} from '@bloomline/contract';
import type { Component, ComponentInput, ComponentListQuery, ComponentUnit } from '@bloomline/contract';

import type { Db, DbOrTx } from '../../db/client';
import { components, componentUnits } from '../../db/schema';
import { auditTrail, recordChange } from '../../lib/audit';
import { found, notFound, ValidationError } from '../../lib/errors';
import { pageOf } from '../../lib/paged-list';
import { repriceRates } from '../../shared/prices';
import { createImageStore, hashOf, imageUrlOf, pixelSizeOf } from './component-images';
import {
  allComponentUnits,
  componentById,
  componentCount,
  componentPage,
  componentUnitById,
  imageOf,
  lockedComponent,
  lockedMeasureUnit,
  referencesExist,
  sameComponentUnit,
} from './components.queries';
import type { ComponentRow } from './components.queries';

function toComponent(row: ComponentRow): Component {
  const { wholesaleCents, imageFile, unit, ...rest } = row;
  return {
    ...rest,
    wholesale_excl_vat: toRand(wholesaleCents),
    hasImage: imageFile !== null,
    imageUrl: imageUrlOf(row.id, imageFile),
    unit: unit && { ...unit, quantity: Number(unit.quantity) },
  };
}

const detail = async (db: DbOrTx, id: number): Promise<Component> =>
  toComponent(found(await componentById(db, id)));

/** A stored component as the audit log records it: the API's field names, money in rand. */
const trail = auditTrail('component', (row: typeof components.$inferSelect) => ({
  name: row.name,
  wholesale_excl_vat: toRand(row.wholesaleExclVatCents),
  container: row.container,
  exclude_auto_calculations: row.excludeAutoCalculations,
  show_on_menu: row.showOnMenu,
  is_commission: row.isCommission,
  unit_id: row.unitId,
  colour_id: row.colourId,
}));

/** A unit or colour that is not there is a 422 on its field (both reported at once). */
async function checkReferences(db: DbOrTx, input: ComponentInput) {
  const exists = await referencesExist(db, { unitId: input.unit_id, colourId: input.colour_id });
  const errors: Record<string, string[]> = {};
  if (!exists.unit) errors.unit_id = [MESSAGES.invalidChoice];
  if (!exists.colour) errors.colour_id = [MESSAGES.invalidChoice];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/**
 * The uploaded picture's bytes, or a 422 on `image_file`: the spec's one message for a wrong picture, or how
 * large it is when it has more than COMPONENT_IMAGE_MAX_SIDE pixels on a side.
 */
function imageBytes(value: unknown): Buffer {
  if (value === undefined || value === null || value === '' || (Buffer.isBuffer(value) && value.length === 0))
    throw ValidationError.field(COMPONENT_IMAGE_FIELD, MESSAGES.required);
  if (!Buffer.isBuffer(value) || !isAcceptableImage(value))
    throw ValidationError.field(COMPONENT_IMAGE_FIELD, COMPONENT_IMAGE_MESSAGE);
  // Its real size, from its header: a small file may declare a picture no phone can open.
  const size = pixelSizeOf(value);
  if (!size) throw ValidationError.field(COMPONENT_IMAGE_FIELD, COMPONENT_IMAGE_MESSAGE);
  if (size.width > COMPONENT_IMAGE_MAX_SIDE || size.height > COMPONENT_IMAGE_MAX_SIDE)
    throw ValidationError.field(
      COMPONENT_IMAGE_FIELD,
      componentImageTooLargeMessage(size.width, size.height),
    );
  return value;
}

/**
 * Components, their pictures and the component units they are sold in. A change of wholesale price
 * reprices the component's rates and the variants built from them in the same transaction.
 */
export function createComponentsService({ db, imageDir }: { db: Db; imageDir: string }) {
  const images = createImageStore(imageDir);

  /** Points the component at a new picture (or none); the file it showed goes once nothing shows it. */
  async function setImage(userId: number, id: number, next: Buffer | null): Promise<Component> {
    // The file this change wrote, to take away again should the change not commit.
    let written: string | null = null;
    try {
      const { component, previous } = await db.transaction(async (tx) => {
        const before = await lockedComponent(tx, id);
        if (!before) throw notFound();
        const stored = next ? await images.save(tx, next) : null;
        written = stored?.file ?? null;
        if (before.imageFile !== written) {
          await tx
            .update(components)
            .set({ imageFile: written, imageMime: stored?.mime ?? null, updatedAt: new Date() })
            .where(eq(components.id, id));
          await recordChange(tx, {
            userId,
            type: 'component',
            id,
            event: 'updated',
            message: `Component ${before.name}'s picture ${stored ? 'changed' : 'removed'}.`,
            before: { image_file: before.imageFile },
            after: { image_file: written },
          });
        }
        return { component: await detail(tx, id), previous: before.imageFile };
      });
      if (previous !== written) await images.removeIfUnused(db, previous);
      return component;
    } catch (error) {
      await images.removeIfUnused(db, written);
      throw error;
    }
  }

  return {
    /** A page of the list; `path` is the list's own address, for the page links. */
    list: (request: ComponentListQuery, path: string) =>
      pageOf(request, path, {
        rows: async (page) =>
          (await componentPage(db, request, page)).map((r) => ({
            ...toComponent(r),
            total_rows: r.total_rows,
          })),
        count: () => componentCount(db, request),
      }),

    get: (id: number) => detail(db, id),

    create: (userId: number, input: ComponentInput) =>
      db.transaction(async (tx) => {
        await checkReferences(tx, input);
        const [row] = await tx
          .insert(components)
          .values({
            name: input.name,
            wholesaleExclVatCents: toCents(input.wholesale_excl_vat),
            container: input.container ?? false,
            excludeAutoCalculations: input.exclude_auto_calculations ?? false,
            showOnMenu: input.show_on_menu ?? true,
            isCommission: input.is_commission ?? false,
            unitId: input.unit_id ?? null,
            colourId: input.colour_id ?? null,
          })
          .returning();
        if (!row) throw new Error('insert returned no row');
        await trail.created(tx, { userId, record: row, message: `Component ${row.name} created.` });
        return detail(tx, row.id);
      }),

    update: (userId: number, id: number, input: ComponentInput) =>
      db.transaction(async (tx) => {
        const before = found(await lockedComponent(tx, id));
        await checkReferences(tx, input);
        const [after] = await tx
          .update(components)
          .set({
            name: input.name,
            wholesaleExclVatCents: toCents(input.wholesale_excl_vat),
            container: input.container ?? before.container,
            excludeAutoCalculations: input.exclude_auto_calculations ?? before.excludeAutoCalculations,
            showOnMenu: input.show_on_menu ?? before.showOnMenu,
            isCommission: input.is_commission ?? before.isCommission,
            unitId: input.unit_id === undefined ? before.unitId : input.unit_id,
            colourId: input.colour_id === undefined ? before.colourId : input.colour_id,
            updatedAt: new Date(),
          })
          .where(eq(components.id, id))
          .returning();
        if (!after) throw notFound();
        await trail.updated(tx, { userId, before, after, message: `Component ${after.name} updated.` });
        if (after.wholesaleExclVatCents !== before.wholesaleExclVatCents) {
          await repriceRates(
            tx,
            { componentId: id },
            { userId, reason: `The component ${after.name}'s wholesale price changed` },
          );
        }
        return detail(tx, id);
      }),

    uploadImage: (userId: number, id: number, file: unknown) => setImage(userId, id, imageBytes(file)),

    removeImage: (userId: number, id: number) => setImage(userId, id, null),

    /** The picture to serve; `immutable` when the address asked for this very picture (`?v=` its hash). */
    async image(id: number, version?: string) {
      const row = await imageOf(db, id);
      if (!row?.file || !row.mime) throw notFound();
      const bytes = await images.read(row.file);
      if (!bytes) throw notFound();
      const hash = hashOf(row.file);
      return { bytes, mime: row.mime, etag: `"${hash}"`, immutable: version === hash };
    },

    units: async (): Promise<ComponentUnit[]> =>
      (await allComponentUnits(db)).map((u) => ({ ...u, quantity: Number(u.quantity) })),

    createUnit: (userId: number, input: { quantity: number; measure_unit_id: number }) =>
      db.transaction(async (tx): Promise<ComponentUnit> => {
        // Locked, so two of the same unit added at once cannot both pass the duplicate check.
        const measure = await lockedMeasureUnit(tx, input.measure_unit_id);
        if (!measure) throw ValidationError.field('measure_unit_id', MESSAGES.invalidChoice);
        if (await sameComponentUnit(tx, input.quantity, measure.id))
          throw ValidationError.field('quantity', 'This unit already exists.');
        const [row] = await tx
          .insert(componentUnits)
          .values({ quantity: String(input.quantity), measureUnitId: measure.id })
          .returning({ id: componentUnits.id });
        if (!row) throw new Error('insert returned no row');
        await recordChange(tx, {
          userId,
          type: 'component unit',
          id: row.id,
          event: 'created',
          message: `Component unit ${String(input.quantity)} ${measure.name} created.`,
          after: input,
        });
        const created = await componentUnitById(tx, row.id);
        if (!created) throw notFound();
        return { ...created, quantity: Number(created.quantity) };
      }),
  };
}
export type ComponentsService = ReturnType<typeof createComponentsService>;
