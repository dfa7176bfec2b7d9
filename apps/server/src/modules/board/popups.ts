import type { Deps } from '../../platform/deps.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { isBlankHtml, sanitizeHtml } from '../../platform/html.ts';
import { writeAudit, type Actor } from '../audit/index.ts';
import * as repo from './repo.ts';

/**
 * Pop-ups (spec §3 Pop-up): the admin's list, create, edit and delete. The context shows the
 * active ones to their audience (`disabled` 0 members, 2 guests; `contextContent`). Every write
 * is audited, and the audit's change notice drops the cached context answers, so a new pop-up
 * shows on the next poll.
 */

export const POPUPS_PER_PAGE = 20;
type Input = { name: string; image_src?: string | null; content: string; disabled: 0 | 2; is_active: boolean };

const popupNotFound = () => new AppError(404, 'popup_not_found', 'This pop-up does not exist.');

/** Name required (spec §5 "popup name"); the HTML sanitised with the allow-list; an image or a text body. */
function cleanPopup(p: Input): repo.PopupFields {
  const name = p.name.trim();
  if (!name) throw badRequest('Please enter the popup name.', 'name', 'popup_name_required');
  const content = sanitizeHtml(p.content);
  const image = p.image_src ?? null;
  if (!image && isBlankHtml(content)) throw badRequest('Please add an image or content to the popup.', 'content', 'popup_content_required');
  return { name, image_src: image, content: isBlankHtml(content) ? '' : content, disabled: p.disabled, is_active: p.is_active };
}

function view(p: repo.PopupRow) {
  return { ...p, id: Number(p.id), created_at: p.created_at.toISOString(), updated_at: p.updated_at.toISOString() };
}

const audited = (p: repo.PopupFields | repo.PopupRow) => ({
  name: p.name,
  image_src: p.image_src,
  content: p.content,
  disabled: p.disabled,
  is_active: p.is_active,
});

export async function listPopups(deps: Deps, skip: number) {
  const r = await repo.listPopups(deps.db, skip, POPUPS_PER_PAGE);
  return { popups: r.rows.map(view), total: r.total };
}

export async function createPopup(deps: Deps, actor: Actor, input: Input) {
  const p = cleanPopup(input);
  return deps.db.tx(async (sql) => {
    const id = await repo.createPopup(sql, p, deps.clock.now());
    await writeAudit(sql, deps.clock, { actor, action: 'popup.create', target: `popup:${id}`, after: audited(p) });
    return id;
  });
}

export async function updatePopup(deps: Deps, actor: Actor, id: bigint, input: Input) {
  const p = cleanPopup(input);
  await deps.db.tx(async (sql) => {
    const before = await repo.lockPopup(sql, id);
    if (!before) throw popupNotFound();
    await repo.updatePopup(sql, id, p, deps.clock.now());
    await writeAudit(sql, deps.clock, { actor, action: 'popup.update', target: `popup:${id}`, before: audited(before), after: audited(p) });
  });
}

export async function deletePopup(deps: Deps, actor: Actor, id: bigint) {
  await deps.db.tx(async (sql) => {
    const before = await repo.lockPopup(sql, id);
    if (!before) throw popupNotFound();
    await repo.deletePopup(sql, id);
    await writeAudit(sql, deps.clock, { actor, action: 'popup.delete', target: `popup:${id}`, before: audited(before) });
  });
}
