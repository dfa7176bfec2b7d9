import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { adminToken, apiCall } from '../support/api.ts';
import { adminPage, DESKTOP, launchBrowser, newPage, saveScreenshot, submitMemberLogin } from '../support/browser.ts';
import { acknowledge, acknowledgeStep, tinyPng } from '../support/ui.ts';
import { joinFreshPlayer } from '../support/players.ts';

/**
 * Admin content screens (issue 19): a guest pop-up published in the back office shows to a guest
 * on /, a notice written there shows on the member's /board/notice, and an inquiry is answered
 * with a saved answer template. Everything the admin does is done in the browser; what the test
 * makes is removed again in `finally`, so the other specs see the seeded pop-ups and notices.
 */
let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
});
afterAll(async () => {
  await browser?.close();
});

async function removePopupsNamed(name: string) {
  const list = await apiCall('/api/admin/popup/list', { skip: 0 }, token);
  for (const p of (list.data.popups ?? []) as { id: number; name: string }[])
    if (p.name === name) await apiCall('/api/admin/popup/delete', { id: p.id }, token);
}
async function removePostsTitled(kind: string, subject: string) {
  const list = await apiCall('/api/admin/board/list', { kind, skip: 0 }, token);
  for (const p of (list.data.posts ?? []) as { id: number; subject: string }[])
    if (p.subject === subject) await apiCall('/api/admin/board/delete', { id: p.id }, token);
}

test('an admin publishes a guest pop-up with an image; a guest opening / sees it, a member does not', async () => {
  const name = `e2e 팝업 ${randomUUID().slice(0, 6)}`;
  const admin = await adminPage(browser, token);
  const guest = await newPage(browser, DESKTOP);
  try {
    const { page } = admin;
    await page.goto('/admin');
    await page.getByTestId('admin-nav-popups').click();
    await page.getByTestId('adc-popups').waitFor();
    await page.getByTestId('adc-popup-new').click();
    const editor = page.getByTestId('adc-popup-editor');
    await editor.waitFor();

    // Without a name the spec §5 "popup name" message.
    await editor.getByTestId('adc-popup-submit').click();
    expect(await acknowledge(page)).toBe('팝업 이름을 입력해 주세요.');

    await editor.getByTestId('adc-popup-name').fill(name);
    await editor.getByTestId('adc-popup-audience').selectOption('2');
    await editor.getByTestId('adc-popup-image-file').setInputFiles({ name: 'promo.png', mimeType: 'image/png', buffer: tinyPng() });
    await editor.getByTestId('adc-popup-image-preview').waitFor();
    await editor.getByTestId('adc-popup-body').click();
    await page.keyboard.type('신규 가입 첫 충전 보너스 10%');
    await page.waitForTimeout(300);
    await saveScreenshot(page, 'admin-content-popup-editor');
    await editor.getByTestId('adc-popup-submit').click();
    expect(await acknowledge(page)).toBe('저장되었습니다.');
    const row = page.getByTestId('adc-popup-row').filter({ hasText: name });
    await row.waitFor();
    expect(await row.textContent()).toContain('게스트 (비로그인)');
    await saveScreenshot(page, 'admin-content-popups');

    // A guest sees it on / with its image and text, beside the seeded guest pop-up.
    await guest.page.goto('/');
    const popup = guest.page.getByTestId('popup').filter({ hasText: name });
    await popup.waitFor();
    expect(await popup.textContent()).toContain('신규 가입 첫 충전 보너스 10%');
    expect(await popup.locator('img.c-popup-img').getAttribute('src')).toMatch(/^\/uploads\//);
    await guest.page.waitForTimeout(400);
    await saveScreenshot(guest.page, 'admin-content-popup-guest');

    // A member is shown member pop-ups only.
    await guest.page.getByTestId('header-login').click();
    await guest.page.getByTestId('login-modal').waitFor();
    await submitMemberLogin(guest.page, 'user3', '1234');
    await guest.page.getByTestId('header-nickname').waitFor();
    // Signed in, the context answer turns to the member pop-ups (the seeded "회원 공지") without this one.
    const shown = () => guest.page.getByTestId('popup').locator('h2').allTextContents();
    await expect.poll(shown, { timeout: 15_000 }).toContain('회원 공지');
    expect(await shown()).not.toContain(name);

    // Deleted from the list, it is gone.
    await row.getByTestId('adc-popup-delete').click();
    expect(await acknowledgeStep(page)).toContain(name);
    expect(await acknowledge(page)).toBe('삭제되었습니다.');
    await row.waitFor({ state: 'detached' });
  } finally {
    await removePopupsNamed(name);
    await admin.context.close();
    await guest.context.close();
  }
});

test('a notice written in the back office shows on the member’s /board/notice; hidden, it is gone', async () => {
  const subject = `[공지] e2e 점검 안내 ${randomUUID().slice(0, 6)}`;
  const admin = await adminPage(browser, token);
  const member = await newPage(browser, DESKTOP);
  try {
    const { page } = admin;
    await page.goto('/admin/notices');
    await page.getByTestId('adc-posts-notice').waitFor();
    await page.getByTestId('adc-post-new').click();
    const editor = page.getByTestId('adc-post-editor');
    await editor.waitFor();
    await editor.getByTestId('adc-post-subject').fill(subject);
    await editor.getByTestId('adc-post-editor-body').click();
    await page.keyboard.type('오늘 새벽 2시부터 30분간 점검합니다.');
    await saveScreenshot(page, 'admin-content-notice-editor');
    await editor.getByTestId('adc-post-submit').click();
    expect(await acknowledge(page)).toBe('저장되었습니다.');
    const row = page.getByTestId('adc-post-row').filter({ hasText: subject });
    await row.waitFor();
    await saveScreenshot(page, 'admin-content-notices');

    await member.page.goto('/board/notice');
    await member.page.getByTestId('login-modal').waitFor();
    await submitMemberLogin(member.page, 'user3', '1234');
    await member.page.getByTestId('notice-page').waitFor();
    const listed = member.page.getByTestId('post-row').filter({ hasText: subject });
    await listed.waitFor();
    await listed.click();
    await member.page.getByTestId('post-view').waitFor();
    expect(await member.page.getByTestId('post-content').textContent()).toContain('오늘 새벽 2시부터 30분간 점검합니다.');
    await saveScreenshot(member.page, 'admin-content-notice-member');

    // Hidden by the admin, the member's list no longer has it.
    await row.getByTestId('adc-post-toggle').click();
    await acknowledgeStep(page);
    await row.getByText('숨김', { exact: true }).first().waitFor();
    await member.page.goto('/board/notice');
    await member.page.getByTestId('post-row').first().waitFor();
    expect(await member.page.getByTestId('post-row').filter({ hasText: subject }).count()).toBe(0);
  } finally {
    await removePostsTitled('notice', subject);
    await admin.context.close();
    await member.context.close();
  }
});

test('an inquiry is answered from a saved answer template picked in the answer form; another is closed without an answer', async () => {
  const tag = randomUUID().slice(0, 6);
  const templateTitle = `e2e 답변 ${tag}`;
  const player = (await apiCall('/api/user/login', { account: 'user3', password: '1234' })).data.token as string;
  const asked = await apiCall('/api/user/inquiry/create', { subject: `e2e 문의 ${tag}`, content: '<p>입금 확인 부탁드립니다.</p>' }, player);
  const other = await apiCall('/api/user/inquiry/create', { subject: `e2e 닫을 문의 ${tag}`, content: '<p>중복 문의</p>' }, player);
  const admin = await adminPage(browser, token);
  let templateId: number | undefined;
  try {
    const { page } = admin;
    await page.goto('/admin/templates');
    await page.getByTestId('adc-template-tab-inquiry').click();
    await page.getByTestId('adc-template-new').click();
    const editor = page.getByTestId('adc-template-editor');
    await editor.getByTestId('adc-template-subject').fill(templateTitle);
    await editor.getByTestId('adc-template-body').click();
    await page.keyboard.type('입금이 확인되어 충전 처리되었습니다.');
    await editor.getByTestId('adc-template-submit').click();
    expect(await acknowledge(page)).toBe('저장되었습니다.');
    await page.getByTestId('adc-template-row').filter({ hasText: templateTitle }).waitFor();
    await saveScreenshot(page, 'admin-content-templates');
    const all = await apiCall('/api/admin/template/pickerList', { kind: 'inquiry' }, token);
    templateId = (all.data.templates as { id: number; subject: string }[]).find((x) => x.subject === templateTitle)?.id;

    await page.goto('/admin/inquiries');
    const row = page.locator(`[data-testid="admin-inquiry-row"][data-id="${asked.data.id}"]`);
    await row.getByTestId('admin-inquiry-open').click();
    const dialog = page.getByTestId('admin-inquiry-dialog');
    await dialog.getByTestId('admin-inquiry-template').selectOption({ label: templateTitle });
    await expect.poll(() => dialog.getByTestId('admin-inquiry-answer').textContent()).toContain('입금이 확인되어 충전 처리되었습니다.');
    await saveScreenshot(page, 'admin-content-inquiry-template');
    await dialog.getByTestId('admin-inquiry-submit').click();
    expect(await acknowledge(page)).toBe('답변이 등록되었습니다.');
    const mine = await apiCall('/api/user/inquiry/read', { inquiry_id: asked.data.id }, player);
    expect(mine.data.inquiry.answer).toContain('입금이 확인되어 충전 처리되었습니다.');

    // The second one is closed without an answer: it leaves the waiting list, marked closed.
    const second = page.locator(`[data-testid="admin-inquiry-row"][data-id="${other.data.id}"]`);
    await second.getByTestId('admin-inquiry-open').click();
    await dialog.getByTestId('admin-inquiry-close').click();
    expect(await acknowledgeStep(page)).toContain('답변 없이');
    expect(await acknowledge(page)).toBe('문의가 닫혔습니다.');
    await second.waitFor({ state: 'detached' });
    await page.getByTestId('admin-inquiry-tab-answered').click();
    const closed = page.locator(`[data-testid="admin-inquiry-row"][data-id="${other.data.id}"]`);
    await closed.waitFor();
    expect(await closed.textContent()).toContain('닫힘');
    await saveScreenshot(page, 'admin-content-inquiry-closed');
  } finally {
    if (templateId) await apiCall('/api/admin/template/delete', { id: templateId }, token);
    await apiCall('/api/admin/inquiry/delete', { inquiry_ids: [asked.data.id, other.data.id] }, token);
    await admin.context.close();
  }
});

test('a note is sent from a picked note template, edited in the rich-text editor, and the member receives its HTML', async () => {
  const tag = randomUUID().slice(0, 6);
  const templateTitle = `e2e 쪽지 ${tag}`;
  // A player of its own: an unread note moves every open page of its player to the message box.
  const { account, password } = await joinFreshPlayer('nt');
  const player = (await apiCall('/api/user/login', { account, password })).data.token as string;
  const made = await apiCall(
    '/api/admin/template/create',
    { kind: 'note', subject: templateTitle, content: '<p>이번 주 <strong>점검</strong> 안내입니다.</p>' },
    token,
  );
  expect(made.result).toBe(true);
  const admin = await adminPage(browser, token);
  let messageId: number | undefined;
  try {
    const { page } = admin;
    await page.goto('/admin/messages/send');
    await page.getByTestId('admin-send-target').selectOption('user');
    await page.getByTestId('admin-send-search').fill(account);
    await page.getByTestId('admin-send-search-submit').click();
    const recipient = page.getByTestId('admin-send-recipient');
    await recipient.locator('option', { hasText: account }).waitFor({ state: 'attached' });
    await expect.poll(() => recipient.locator('option:checked').textContent()).toContain(account);

    // Picking the template fills the subject and the editor; both stay editable.
    await page.getByTestId('admin-send-template').selectOption({ label: templateTitle });
    expect(await page.getByTestId('admin-send-subject').inputValue()).toBe(templateTitle);
    const editor = page.getByTestId('admin-send-content');
    await expect.poll(() => editor.innerHTML()).toContain('<strong>점검</strong>');
    await page.getByTestId('admin-send-subject').fill(`${templateTitle} (수정)`);
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('꼭 확인');
    await page.keyboard.press('Control+b');
    await saveScreenshot(page, 'admin-content-note-template');
    await page.getByTestId('admin-send-submit').click();
    expect(await acknowledgeStep(page)).toBe('쪽지를 발송하시겠습니까?');
    expect(await acknowledgeStep(page)).toBe('쪽지가 발송되었습니다. (1명)');

    // The member's note box has it, with the template's and the admin's formatting.
    const box = await apiCall('/api/user/message/get', { skip: 0 }, player);
    const note = (box.data.messages as { id: number; subject: string; content: string }[]).find((m) => m.subject === `${templateTitle} (수정)`);
    expect(note).toBeDefined();
    messageId = note!.id;
    expect(note!.content).toContain('<strong>점검</strong>');
    expect(note!.content).toMatch(/<(b|strong)>꼭 확인<\/(b|strong)>/);

    // The note box lists the send with its target.
    await page.goto('/admin/messages/sent');
    await page
      .getByTestId('adc-note-row')
      .filter({ hasText: `${templateTitle} (수정)` })
      .waitFor();
    await saveScreenshot(page, 'admin-content-note-sent');
  } finally {
    if (messageId) await apiCall('/api/user/message/delete', { message_id: messageId }, player);
    if (made.data?.id) await apiCall('/api/admin/template/delete', { id: made.data.id }, token);
    await admin.context.close();
  }
});

test('a free-board comment is hidden from the moderation view and is gone for the member; shown again, it is back; deleted, it is gone and audited', async () => {
  const tag = randomUUID().slice(0, 6);
  const player = (await apiCall('/api/user/login', { account: 'user3', password: '1234' })).data.token as string;
  const post = await apiCall('/api/user/board/post/create', { subject: `e2e 댓글 관리 ${tag}`, content: '<p>본문</p>' }, player);
  expect(post.result).toBe(true);
  const postId = post.data.id as number;
  const comment = await apiCall('/api/user/board/post/createComment', { post_id: postId, content: `광고 댓글 ${tag}` }, player);
  const commentId = comment.data.id as number;
  const visibleIds = async () =>
    ((await apiCall('/api/user/board/view', { type: 'free', id: postId }, player)).data.post.comments as { id: number }[]).map((c) => c.id);
  const admin = await adminPage(browser, token);
  try {
    const { page } = admin;
    await page.goto('/admin/board');
    await page.locator(`[data-testid="adc-board-row"][data-id="${postId}"]`).getByTestId('adc-board-open').click();
    const view = page.getByTestId('adc-board-view');
    const row = view.locator(`[data-testid="adc-comment"][data-id="${commentId}"]`);
    expect(await row.textContent()).toContain(`광고 댓글 ${tag}`);
    await row.getByTestId('adc-comment-toggle').click();
    await expect.poll(() => row.getAttribute('class')).toContain('is-hidden');
    expect(await row.getByTestId('adc-comment-toggle').textContent()).toBe('노출');
    await saveScreenshot(page, 'admin-content-comment-hidden');
    expect(await visibleIds()).not.toContain(commentId);
    await row.getByTestId('adc-comment-toggle').click();
    await expect.poll(() => row.getAttribute('class')).not.toContain('is-hidden');
    expect(await visibleIds()).toContain(commentId);

    // Deleted (confirmed): gone from the moderation view and for the member.
    await row.getByTestId('adc-comment-delete').click();
    expect(await acknowledgeStep(page)).toContain('삭제할까요');
    expect(await acknowledge(page)).toBe('댓글을 삭제했습니다.');
    await row.waitFor({ state: 'detached' });
    expect(await visibleIds()).not.toContain(commentId);
    await saveScreenshot(page, 'admin-content-comment-deleted');

    // The audit screen words it and shows the absent "after" values as 없음, never "null".
    await page.goto(`/admin/audit?target=${encodeURIComponent(`comment:${commentId}`)}`);
    const auditRow = page.getByTestId('admin-audit-row').filter({ hasText: '댓글 삭제' });
    await auditRow.getByTestId('admin-audit-detail').click();
    const content = page.locator('[data-testid="admin-audit-change"][data-key="content"]');
    expect(await content.locator('td').allTextContents()).toEqual([`광고 댓글 ${tag}`, '없음']);
    expect(await page.getByTestId('admin-audit-detail-panel').textContent()).not.toContain('null');
    await saveScreenshot(page, 'admin-audit-comment-deleted');
  } finally {
    await apiCall('/api/admin/board/delete', { id: postId }, token);
    await admin.context.close();
  }
});

test('the note box, the free board and the templates screens are in the menu and word their empty lists', async () => {
  const { context, page } = await adminPage(browser, token);
  try {
    await page.goto('/admin');
    for (const [nav, screen] of [
      ['notes', 'adc-notes'],
      ['board', 'adc-board'],
      ['events', 'adc-posts-event'],
      ['rules', 'adc-posts-rule'],
      ['templates', 'adc-templates'],
    ] as const) {
      await page.getByTestId(`admin-nav-${nav}`).click();
      await page.getByTestId(screen).waitFor();
      await page.locator('.ad-table-wrap table, .ui-empty').first().waitFor();
      await saveScreenshot(page, `admin-content-${nav}`);
    }
    // No note templates are seeded: the tab says so in the spec's words.
    await page.getByTestId('adc-template-tab-note').click();
    const notes = await apiCall('/api/admin/template/list', { kind: 'note', skip: 0 }, token);
    if (notes.data.total === 0) expect(await page.locator('.ui-empty').textContent()).toBe('등록된 템플릿이 없습니다.');
    else await page.getByTestId('adc-template-row').first().waitFor();

    // In English the screens use the area's English words (the shots in Korean need a CJK font).
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.goto('/admin/popups');
    await page.getByTestId('adc-popup-row').first().waitFor();
    expect(await page.locator('.ad-title').textContent()).toBe('Pop-ups');
    expect(await page.getByTestId('adc-popups').textContent()).toContain('Guests (not logged in)');
    await saveScreenshot(page, 'admin-content-popups-en');
    await page.goto('/admin/messages/sent');
    expect(await page.getByTestId('adc-notes').locator('.ad-title').textContent()).toBe('Note box (sent notes)');
  } finally {
    await page.evaluate(() => localStorage.removeItem('language')).catch(() => undefined);
    await context.close();
  }
});
