import type { components } from '../../openapi/schema';
import type { Queryable } from '../db/database';

type BannerPosition = components['schemas']['BannerPosition'];

export interface BannerRow {
  id: string;
  position: BannerPosition;
  sort: number;
  titles: Record<string, string>;
  image_url: string;
  mobile_image_url: string | null;
  link_url: string | null;
}

/** The active banners shown at `now` (at most 20), of one position or all, in display order. */
export async function activeBanners(q: Queryable, position: BannerPosition | null, now: number): Promise<BannerRow[]> {
  return q.query<BannerRow>(
    `SELECT id, position, sort, titles, image_url, mobile_image_url, link_url FROM banners
     WHERE active AND ($1::text IS NULL OR position = $1)
       AND (valid_from IS NULL OR valid_from <= $2) AND (valid_to IS NULL OR valid_to > $2)
     ORDER BY position, sort, id
     LIMIT 20`,
    [position, new Date(now)],
  );
}

/**
 * The first instant after `now` at which a banner of `position` enters or leaves its validity
 * window (`activeBanners` shows a banner from `valid_from`, inclusive, until `valid_to`), if any.
 */
export async function nextBannerBoundary(q: Queryable, position: BannerPosition, now: number): Promise<number | undefined> {
  const [row] = await q.query<{ next: Date | string | null }>(
    `SELECT min(b.at) AS next FROM banners, LATERAL (VALUES (valid_from), (valid_to)) AS b (at)
     WHERE active AND position = $1 AND b.at > $2`,
    [position, new Date(now)],
  );
  return row?.next ? new Date(row.next).getTime() : undefined;
}
