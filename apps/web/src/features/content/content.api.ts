// The home page's own content calls (docs/rules.md, The API, "Content"): announcements, sliders and advertisements.
// The content every page's frame reads (parameters, pools, footer links, rates) is
// shell/site/site.api.ts. Shapes are the zod schemas of packages/shared used as types only.
import type { Advertisement, AnnouncementPage, Slider } from '@hashpool/shared';
import { api } from '../../shell/api/client';

export type { AnnouncementPage };

export const contentApi = {
  announcements: (page: number, pageSize: number, signal?: AbortSignal) =>
    api.get<AnnouncementPage>('/media/announcement/list', { page, page_size: pageSize }, { signal }),
  sliders: (position: string, signal?: AbortSignal) => api.get<Slider[]>('/sliders', { position }, { signal }),
  advertisements: (signal?: AbortSignal) => api.get<Advertisement[]>('/advertisements', undefined, { signal }),
};
