import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { sql } from 'drizzle-orm';
import { imageSize } from 'image-size';

import { componentRoutes, imageTypeOf, pathWith } from '@bloomline/contract';
import type { ImageType } from '@bloomline/contract';

import type { Db, DbOrTx } from '../../db/client';
import { componentsWithImage } from './components.queries';

const EXTENSIONS: Record<ImageType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png' };

/** A picture as stored: its file name is its content hash, so the same picture is kept once. */
export interface StoredImage {
  file: string;
  mime: ImageType;
}

/** The hash part of a stored file name: what the picture's address and ETag carry. */
export const hashOf = (file: string) => file.replace(/\.[a-z]+$/, '');

/** Where the picture of a component row is served, changing with the picture (so it may be cached for good). */
export const imageUrlOf = (id: number, file: string | null) =>
  file ? `${pathWith(componentRoutes.image.path, { id })}?v=${hashOf(file)}` : null;

/**
 * The width and height a JPEG or PNG declares in its header (read with `image-size`, without decoding it), or
 * null when the header cannot be read. A JPEG's orientation flag may swap the two; either way both sides count.
 */
export function pixelSizeOf(bytes: Uint8Array): { width: number; height: number } | null {
  try {
    const { width, height } = imageSize(bytes);
    return width > 0 && height > 0 ? { width, height } : null;
  } catch {
    return null;
  }
}

const isMissing = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT';

/** An arbitrary constant naming this module's advisory locks, so they meet no other lock. */
const IMAGE_LOCK_SPACE = 720_301;

/**
 * Takes the transaction's lock on one stored file: a write that will point a row at it and a clean-up that
 * removes it when no row does wait for each other, so a picture is never removed under a row that is about
 * to show it.
 */
async function lockFile(tx: DbOrTx, file: string) {
  const key = Number.parseInt(hashOf(file).slice(0, 8), 16) | 0;
  await tx.execute(sql`select pg_advisory_xact_lock(${IMAGE_LOCK_SPACE}::int, ${key}::int)`);
}

/**
 * The component pictures in the data folder (`<dataDir>/component-images/<sha256>.<jpg|png>`). A file is
 * written under a temporary name and renamed, so a reader never sees half a picture.
 */
export function createImageStore(dir: string) {
  return {
    /** Stores `bytes` (already checked) inside the transaction that will point a row at them. */
    async save(tx: DbOrTx, bytes: Buffer): Promise<StoredImage> {
      const mime = imageTypeOf(bytes);
      if (!mime) throw new Error('not a picture');
      const file = `${createHash('sha256').update(bytes).digest('hex')}.${EXTENSIONS[mime]}`;
      await lockFile(tx, file);
      const target = path.join(dir, file);
      const there = await stat(target).then(
        (s) => s.size === bytes.byteLength,
        () => false,
      );
      if (!there) {
        await mkdir(dir, { recursive: true });
        const temporary = path.join(dir, `.${file}.${randomBytes(6).toString('hex')}.tmp`);
        await writeFileSafely(temporary, target, bytes);
      }
      return { file, mime };
    },

    /** The picture's bytes; null when the file is gone. */
    async read(file: string): Promise<Buffer | null> {
      try {
        return await readFile(path.join(dir, file));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    /**
     * After a change: removes `file` when no component shows it any more. Never fails: the change is
     * already decided, and a file left behind costs only disk space.
     */
    async removeIfUnused(db: Db, file: string | null) {
      if (!file) return;
      await db
        .transaction(async (tx) => {
          await lockFile(tx, file);
          if ((await componentsWithImage(tx, file)) > 0) return;
          await unlink(path.join(dir, file));
        })
        .catch(() => undefined);
    },
  };
}
export type ImageStore = ReturnType<typeof createImageStore>;

async function writeFileSafely(temporary: string, target: string, bytes: Buffer) {
  try {
    await writeFile(temporary, bytes, { flag: 'wx' });
    await rename(temporary, target);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}
