import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminToken, apiCall } from '../support/api.ts';
import { DESKTOP, PHONE, launchBrowser, newPage, saveScreenshot, submitMemberLogin, type Screen } from '../support/browser.ts';
import { joinFreshPlayer } from '../support/players.ts';
import { acknowledge, amountIn, tinyPng } from '../support/ui.ts';

// Real platform, seeded demo data, Debian Chromium, Korean interface. The note test has a player of
// its own: an unread note moves every open page of its player to the message box, so a demo player
// other specs use never gets one.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function memberId(account: string): Promise<number> {
  const answer = await apiCall('/api/admin/member/list', { search: account }, await adminToken());
  const row = (answer.data.rows as { id: number; account: string }[]).find((r) => r.account === account);
  if (!row) throw new Error(`no member ${account}: ${JSON.stringify(answer)}`);
  return row.id;
}

async function adminSendNote(account: string, subject: string, content: string) {
  const answer = await apiCall('/api/admin/message/send', { target: 'user', user_id: await memberId(account), subject, content }, await adminToken());
  expect(answer.result).toBe(true);
}

/** Saves the page at its own width, then at the other one (375 ↔ 1440), and back. */
async function shoot(page: Page, screen: string) {
  const own = page.viewportSize()!;
  const other = own.width === PHONE.width ? DESKTOP : PHONE;
  await page.waitForTimeout(300);
  await saveScreenshot(page, `community-${screen}-${own.width}`);
  await page.setViewportSize({ width: other.width, height: other.height });
  await page.waitForTimeout(400);
  await saveScreenshot(page, `community-${screen}-${other.width}`);
  await page.setViewportSize(own);
  await page.waitForTimeout(200);
}

async function loginAt(page: Page, path: string, account: string) {
  await page.goto(path);
  if (path === '/') await page.getByTestId('header-login').click();
  await page.getByTestId('login-modal').waitFor();
  await submitMemberLogin(page, account, '1234');
  await page.getByTestId('header-nickname').waitFor();
}

test('a note from the admin brings the player to the message box; opening it drops the unread count; read notes can be erased', async () => {
  // A player of its own: an unread note sends every open page of its player to the message box.
  const { account } = await joinFreshPlayer('cm');
  const { context, page } = await newPage(browser, DESKTOP);
  try {
    await adminSendNote(account, '[안내] 이벤트 당첨 안내', '<p>축하합니다! <b>이벤트</b>에 당첨되었습니다.</p>');
    await loginAt(page, '/', account);

    // Spec §4: after 1.5 s a notice, then the message box.
    expect(await acknowledge(page)).toBe('읽지 않은 새 쪽지가 있습니다. 쪽지함으로 이동합니다.');
    await page.waitForURL('**/board/message');
    const row = page.getByTestId('message-row').first();
    await row.waitFor();
    expect(await row.getAttribute('class')).toContain('is-unread');
    expect(await page.getByTestId('header-unread').textContent()).toBe('1');

    // Nothing selected: the spec §5 required-selection message.
    await page.getByTestId('message-read-selected').click();
    expect(await acknowledge(page)).toBe('읽음 처리할 쪽지를 선택해 주세요.');

    await row.getByTestId('message-open').click();
    const detail = page.getByTestId('message-detail');
    await detail.waitFor();
    expect(await detail.textContent()).toContain('이벤트에 당첨되었습니다');
    expect(await detail.locator('b').textContent()).toBe('이벤트');
    await page.getByTestId('header-unread').waitFor({ state: 'detached' });
    expect(await page.getByTestId('message-unread').textContent()).toBe('읽지 않은 쪽지 0통');
    expect(await row.getAttribute('class')).not.toContain('is-unread');
    await shoot(page, 'message-box');

    // A second, unread note cannot be deleted (server: message_unread_delete).
    await adminSendNote(account, '두 번째 쪽지', '<p>아직 읽지 않은 쪽지</p>');
    await page.getByTestId('message-row').nth(1).waitFor({ timeout: 12_000 });
    const unreadRow = page.locator('[data-testid="message-row"].is-unread');
    await unreadRow.getByTestId('message-delete').click();
    await page.getByTestId('dialog-ok').click(); // confirm
    expect(await acknowledge(page)).toBe('읽은 쪽지만 삭제할 수 있습니다.');

    // Erase all read ones, with the spec §8 confirmation: only the unread note stays.
    await page.getByTestId('message-erase-read').click();
    expect(await page.getByTestId('dialog-message').textContent()).toBe('읽은 쪽지를 모두 삭제하시겠습니까?');
    await page.getByTestId('dialog-ok').click();
    expect(await acknowledge(page)).toBe('삭제되었습니다.');
    await expect.poll(() => page.getByTestId('message-row').count()).toBe(1);

    // Mark all read, then erase: the empty-list text.
    await page.getByTestId('message-read-all').click();
    await expect.poll(() => page.locator('[data-testid="message-row"].is-unread').count()).toBe(0);
    await page.getByTestId('message-erase-read').click();
    await page.getByTestId('dialog-ok').click();
    await acknowledge(page);
    expect(await page.getByTestId('list-empty').textContent()).toBe('받은 쪽지가 없습니다.');
  } finally {
    await context.close();
  }
});

test('the player writes an inquiry, the admin answers it, the player reads the answer', async () => {
  const { context, page } = await newPage(browser, DESKTOP);
  const subject = `출금 문의 ${Date.now() % 100000}`;
  try {
    await loginAt(page, '/board/customer', 'user4');
    await page.getByTestId('customer-page').waitFor();
    expect(await page.getByTestId('list-empty').textContent()).toBe('문의 내역이 없습니다.');

    await page.getByTestId('inquiry-write').click();
    await page.getByTestId('inquiry-create-modal').waitFor();
    await page.getByTestId('inquiry-submit').click();
    expect(await acknowledge(page)).toBe('문의 제목과 내용을 입력해 주세요.');

    await page.getByTestId('inquiry-subject').fill(subject);
    await page.getByTestId('inquiry-editor').click();
    await page.keyboard.type('출금 신청 후 처리 시간이 궁금합니다.');
    await page.getByTestId('inquiry-submit').click();
    expect(await acknowledge(page)).toBe('새 문의가 작성되었습니다.');
    const row = page.getByTestId('inquiry-row').first();
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('waiting');
    expect(await row.getByTestId('inquiry-status').textContent()).toBe('답변 대기');

    // The admin answers through the API.
    const token = await adminToken();
    const list = await apiCall('/api/admin/inquiry/list', { status: 'waiting' }, token);
    const mine = (list.data.inquiries as { id: number; subject: string; content: string }[]).find((i) => i.subject === subject);
    expect(mine?.content).toContain('출금 신청 후 처리 시간이 궁금합니다.');
    const answered = await apiCall('/api/admin/inquiry/answer', { inquiry_id: mine!.id, answer: '<p>출금은 <b>평균 10분</b> 안에 처리됩니다.</p>' }, token);
    expect(answered.result).toBe(true);

    // The next context poll (5 s) brings the answer; the new answer is unread until opened.
    await page.locator('[data-testid="inquiry-row"][data-status="answered"]').waitFor({ timeout: 15_000 });
    expect(await row.getByTestId('inquiry-status').textContent()).toBe('답변 완료');
    expect(await row.getAttribute('class')).toContain('is-unread');
    await row.getByTestId('inquiry-open').click();
    expect(await page.getByTestId('inquiry-answer').textContent()).toBe('출금은 평균 10분 안에 처리됩니다.');
    await expect.poll(async () => (await row.getAttribute('class')) ?? '').not.toContain('is-unread');
    await shoot(page, 'inquiry-box');

    // Quick account inquiry: its own success text.
    await page.getByTestId('inquiry-quick').click();
    expect(await acknowledge(page)).toBe('빠른 계좌 문의가 완료되었습니다. 고객센터 답변을 통해 안내 계좌를 확인해주세요.');
    await expect.poll(() => page.getByTestId('inquiry-row').count()).toBe(2);

    // Delete all, with the spec §8 confirmation.
    await page.getByTestId('inquiry-delete-all').click();
    expect(await page.getByTestId('dialog-message').textContent()).toBe('작성한 문의를 모두 삭제하시겠습니까?');
    await page.getByTestId('dialog-ok').click();
    expect(await acknowledge(page)).toBe('삭제되었습니다.');
    await page.getByTestId('list-empty').waitFor();
  } finally {
    await context.close();
  }
});

test('notices list and open at /board/view; a missing post says so', async () => {
  const { context, page } = await newPage(browser, PHONE);
  try {
    await loginAt(page, '/board/notice', 'user3');
    await page.getByTestId('notice-page').waitFor();
    const rows = page.getByTestId('post-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(3);
    await shoot(page, 'notice-list');

    await rows.filter({ hasText: '은행 점검 시간' }).click();
    await page.getByTestId('post-view').waitFor();
    expect(new URL(page.url()).pathname).toBe('/board/view');
    expect(new URL(page.url()).searchParams.get('type')).toBe('notice');
    expect(await page.getByTestId('post-title').textContent()).toBe('[공지] 은행 점검 시간 23:30 ~ 00:30 환전 불가');
    expect(await page.getByTestId('post-content').textContent()).toContain('은행 공동망 점검 시간');

    await page.goto('/board/view?type=notice&id=999999');
    await page.getByTestId('post-missing').waitFor();
    expect(await page.getByTestId('post-missing').textContent()).toContain('존재하지 않는 게시글입니다.');

    await page.goto('/board/event');
    await page.getByTestId('post-list-event').getByTestId('post-row').first().waitFor();
    expect(await page.getByTestId('post-row').count()).toBe(2);
  } finally {
    await context.close();
  }
});

test('a free-board post with an uploaded image shows the image; a comment earns 50 points', async () => {
  const { context, page } = await newPage(browser, PHONE);
  const subject = `오늘 경기 후기 ${Date.now() % 100000}`;
  try {
    await loginAt(page, '/board/freeboard', 'user6');
    await page.getByTestId('freeboard-page').waitFor();
    await page.getByTestId('post-write').click();
    await page.getByTestId('post-create-modal').waitFor();
    await page.getByTestId('post-subject').fill(subject);
    await page.getByTestId('post-editor').click();
    await page.keyboard.type('역전승 짜릿했습니다!');

    await page.getByTestId('post-editor-file').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: tinyPng() });
    const inserted = page.getByTestId('post-editor').locator('img');
    await inserted.waitFor();
    const src = (await inserted.getAttribute('src')) ?? '';
    expect(src).toMatch(/^\/uploads\/put\/[a-f0-9]{32}\.png$/); // the signed URL without its query

    await page.getByTestId('post-submit').click();
    await page.getByTestId('post-view').waitFor();
    expect(await page.getByTestId('post-title').textContent()).toBe(subject);
    const image = page.getByTestId('post-content').locator('img');
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(120);
    expect(await page.getByTestId('post-content').textContent()).toContain('역전승 짜릿했습니다!');

    const before = await amountIn(page, 'header-point');
    await page.getByTestId('comment-input').fill('저도 봤어요. 대박 경기!');
    await page.getByTestId('comment-submit').click();
    expect(await page.getByTestId('comment-reward').textContent()).toBe('+50 P 적립되었습니다. (오늘 1/5회)');
    await page.getByTestId('comment').first().waitFor();
    expect(await page.getByTestId('comment').first().textContent()).toContain('저도 봤어요. 대박 경기!');
    await expect.poll(() => amountIn(page, 'header-point')).toBe(before + 50n);
    await shoot(page, 'post-view');

    // The list shows the post with its comment count.
    await page.goto('/board/freeboard');
    const listed = page.getByTestId('post-row').filter({ hasText: subject });
    await listed.waitFor();
    expect(await listed.textContent()).toContain('[1]');
  } finally {
    await context.close();
  }
});

test("rich text shows this site's images only: a remote image or script in a post never reaches the browser", async () => {
  const login = await apiCall('/api/user/login', { account: 'user2', password: '1234' });
  expect(login.result).toBe(true);
  const content =
    '<p>원격 이미지 <img src="https://tracker.invalid/pixel.png" alt="remote"><img src="//tracker.invalid/p2.png" alt="remote2">' +
    '<img src="/favicon.svg" alt="local"><script>window.__x = 1</script><a href="javascript:alert(1)">링크</a></p>';
  const created = await apiCall('/api/user/board/post/create', { subject: '이미지 테스트', content }, login.data.token);
  expect(created.result).toBe(true);
  const { context, page } = await newPage(browser, PHONE);
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  try {
    await loginAt(page, `/board/view?type=free&id=${created.data.id}`, 'user2');
    await page.getByTestId('post-view').waitFor();
    const body = page.getByTestId('post-content');
    await body.locator('img').first().waitFor({ state: 'attached' });
    const images = await body.locator('img').evaluateAll((imgs) => imgs.map((i) => [i.getAttribute('alt'), i.getAttribute('src')]));
    expect(images).toEqual([
      ['remote', null],
      ['remote2', null],
      ['local', '/favicon.svg'],
    ]);
    expect(await body.locator('script').count()).toBe(0);
    expect(await body.locator('a').getAttribute('href')).toBeNull();
    expect(await page.evaluate(() => (window as unknown as { __x?: number }).__x)).toBeUndefined();
    expect(requested.filter((url) => url.includes('tracker.invalid'))).toEqual([]);
  } finally {
    await context.close();
  }
});

for (const screen of [PHONE, DESKTOP] satisfies Screen[]) {
  test(`pop-ups: guests see the guest pop-up; close hides it 60 minutes, "don't show today" until midnight (${screen.width}px)`, async () => {
    const { context, page } = await newPage(browser, screen);
    try {
      await page.goto('/');
      const popup = page.getByTestId('popup');
      await popup.first().waitFor();
      expect(await popup.count()).toBe(1);
      expect(await popup.first().textContent()).toContain('방문자 안내');
      await page.waitForTimeout(400);
      await saveScreenshot(page, `community-popup-${screen.width}`);

      // The header stays usable under a pop-up.
      await page.getByTestId('header-login').click();
      await page.getByTestId('login-modal').waitFor();
      await page.keyboard.press('Escape');

      const guestId = await popup.first().getAttribute('data-id');
      const started = Date.now();
      await popup.first().getByTestId('popup-close').click();
      await popup.first().waitFor({ state: 'detached' });
      const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('popupHidden'))) ?? '{}') as Record<string, number>;
      expect(stored[guestId!] - started).toBeGreaterThan(59 * 60_000);
      expect(stored[guestId!] - started).toBeLessThan(61 * 60_000);
      await page.reload();
      await page.getByTestId('home-page').waitFor();
      await page.waitForTimeout(500);
      expect(await popup.count()).toBe(0);

      // A member sees the member pop-up instead; "don't show today" hides it until midnight.
      await page.getByTestId('header-login').click();
      await submitMemberLogin(page, 'user7', '1234');
      await page.getByTestId('header-nickname').waitFor();
      await popup.first().waitFor();
      expect(await popup.first().textContent()).toContain('회원 공지');
      const memberId = await popup.first().getAttribute('data-id');
      await popup.first().getByTestId('popup-today').click();
      await popup.first().waitFor({ state: 'detached' });
      const until = await page.evaluate((id) => (JSON.parse(localStorage.getItem('popupHidden') ?? '{}') as Record<string, number>)[id!], memberId);
      const midnight = await page.evaluate(() => {
        const d = new Date();
        d.setHours(24, 0, 0, 0);
        return d.getTime();
      });
      expect(until).toBe(midnight);
    } finally {
      await context.close();
    }
  });
}

test('the community modal opens from the side bar with the message box and board tabs', async () => {
  const { context, page } = await newPage(browser, DESKTOP);
  try {
    await loginAt(page, '/board/game-rule', 'user2');
    await page.getByTestId('rule-page').waitFor();
    await page.getByTestId('side-bar').getByTestId('open-community').click();
    const modal = page.getByTestId('community-modal');
    await modal.waitFor();
    await modal.getByTestId('message-box').waitFor();
    await modal.getByTestId('community-tab-notice').click();
    await modal.getByTestId('post-row').first().waitFor();
    expect(await modal.getByTestId('post-row').count()).toBe(3);
    await modal.getByTestId('community-tab-inquiry').click();
    await modal.getByTestId('inquiry-box').waitFor();
    await modal.getByTestId('community-tab-notice').click();
    await modal.getByTestId('post-row').first().click();
    await page.getByTestId('post-view').waitFor();
    expect(await page.getByTestId('community-modal').count()).toBe(0);

    // /board/friend: codes only through customer service, the inquiry modal opens with a subject.
    await page.goto('/board/friend');
    expect(await page.getByTestId('friend-only-cs').textContent()).toContain('추천 코드는 고객센터를 통해서만 발급됩니다.');
    await page.getByTestId('friend-inquiry').click();
    expect(await page.getByTestId('inquiry-subject').inputValue()).toBe('추천 코드 발급 문의');

    // /board/game-result opens on the sports results board (e2e/member/sports-names.spec.ts reads its rows).
    await page.goto('/board/game-result');
    await page.getByTestId('game-result-page').getByTestId('sports-results').waitFor();
  } finally {
    await context.close();
  }
});
