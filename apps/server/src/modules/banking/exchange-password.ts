import type { Deps } from '../../platform/deps.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { withMemberLock } from '../members/index.ts';
import { sendSystemNote } from '../messaging/index.ts';
import { readSettings } from '../settings/index.ts';
import * as repo from './repo.ts';

/** The lockout notice, in the member's language (Korean when unset). */
const NOTE: Record<string, (minutes: number) => { subject: string; content: string }> = {
  ko: (m) => ({
    subject: '환전 비밀번호 입력 제한',
    content: `<p>환전 비밀번호가 연속으로 틀려 ${m}분 동안 입력이 제한되었습니다. 본인이 아니라면 고객센터로 문의해 주세요.</p>`,
  }),
  ja: (m) => ({
    subject: '出金パスワードの入力制限',
    content: `<p>出金パスワードを続けて間違えたため、${m}分間入力が制限されました。お心当たりがない場合はサポートへお問い合わせください。</p>`,
  }),
  vi: (m) => ({
    subject: 'Tạm khóa nhập mật khẩu rút tiền',
    content: `<p>Bạn đã nhập sai mật khẩu rút tiền nhiều lần liên tiếp nên việc nhập bị khóa trong ${m} phút. Nếu không phải bạn, vui lòng liên hệ bộ phận hỗ trợ.</p>`,
  }),
  th: (m) => ({
    subject: 'จำกัดการป้อนรหัสผ่านการถอน',
    content: `<p>คุณป้อนรหัสผ่านการถอนผิดติดต่อกันหลายครั้ง จึงถูกจำกัดการป้อนเป็นเวลา ${m} นาที หากไม่ใช่คุณ โปรดติดต่อฝ่ายบริการลูกค้า</p>`,
  }),
  en: (m) => ({
    subject: 'Exchange password locked',
    content: `<p>The exchange password was entered wrongly several times in a row, so it cannot be entered for ${m} minutes. If this was not you, please contact customer service.</p>`,
  }),
};

const locked = (until: Date, minutes: number) =>
  new AppError(
    429,
    'exchange_password_locked',
    `The exchange password was entered wrongly too many times. Please try again after ${minutes} minutes.`,
    'bank_password',
    {
      rule: 'locked',
      params: { minutes, until: until.toISOString() },
    },
  );

/**
 * Checks the exchange password against a per-member count of wrong entries (decision 009):
 * after `exchange_password_limit.failures` wrong entries in a row the member is refused for
 * `lock_minutes` and gets a note; a correct entry resets the count. The whole check, the hash
 * comparison included, runs under the member lock, so parallel guesses are compared one at a
 * time against an up-to-date count (and parallel right entries all pass). The count is written
 * in a transaction that commits; the refusal is thrown after it.
 */
export async function requireExchangePassword(deps: Deps, userId: bigint, given: string | undefined) {
  if (!given) throw badRequest('Please enter the exchange password.', 'bank_password', 'exchange_password_required');
  const refusal = await withMemberLock(deps.db, userId, async (sql, member) => {
    const { failures, lock_minutes } = (await readSettings(sql)).exchange_password_limit;
    const now = deps.clock.now();
    const g = await repo.passwordGuard(sql, userId);
    if (g?.locked_until && g.locked_until > now) return locked(g.locked_until, lock_minutes);
    if (await verifyPassword(member.exchange_password_hash, given)) {
      if (g && (g.failures > 0 || g.locked_until)) await repo.savePasswordGuard(sql, userId, 0, null, now);
      return null;
    }
    // A lock that has run out starts the count again.
    const count = (g?.locked_until ? 0 : (g?.failures ?? 0)) + 1;
    if (count < failures) {
      await repo.savePasswordGuard(sql, userId, count, null, now);
      return badRequest('The exchange password does not match.', 'bank_password', 'exchange_password_mismatch');
    }
    const until = new Date(now.getTime() + lock_minutes * 60_000);
    await repo.savePasswordGuard(sql, userId, count, until, now);
    const note = (NOTE[member.language ?? 'ko'] ?? NOTE.ko)(lock_minutes);
    await sendSystemNote(sql, userId, note.subject, note.content, now);
    return locked(until, lock_minutes);
  });
  if (refusal) throw refusal;
}
