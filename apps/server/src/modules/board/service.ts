import type { Sql } from '../../platform/db.ts';
import * as repo from './repo.ts';

export const insertPost = repo.insertPost;
export const insertPopup = repo.insertPopup;
export const insertBanner = repo.insertBanner;
export const insertBank = repo.insertBank;
export const countPosts = repo.countPosts;

/** Notices, events, pop-ups and banners carried by every context answer. */
export async function contextContent(sql: Sql, loggedIn: boolean) {
  const [notices, events, popups, banners] = await Promise.all([
    repo.latestPosts(sql, 'notice', 10),
    repo.latestPosts(sql, 'event', 10),
    repo.activePopups(sql, loggedIn),
    repo.activeBanners(sql),
  ]);
  return {
    notices: notices.map((n) => ({ id: Number(n.id), subject: n.subject, created_at: n.created_at.toISOString() })),
    events: events.map((e) => ({ id: Number(e.id), subject: e.subject, thumbnail: e.thumbnail, created_at: e.created_at.toISOString() })),
    popups: popups.map((p) => ({ id: Number(p.id), name: p.name, image_src: p.image_src, content: p.content, disabled: p.disabled })),
    banners: banners.map((b) => ({ id: Number(b.id), title: b.title, image_src: b.image_src, link: b.link })),
  };
}
