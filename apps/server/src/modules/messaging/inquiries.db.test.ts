import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../../test/app.ts';
import { testEngine } from '../../test/db.ts';

let h: Harness;
let admin: string;
const replies = async (token: string) => (await h.call('/api/user/getContext', { path: '/' }, { token })).json.data.context.unread_reply_total as number;
const create = (token: string, subject: string, content = '<p>내용</p>') => h.call('/api/user/inquiry/create', { subject, content }, { token });
const audits = async (action: string) => (await h.db.query(`SELECT * FROM audit_log WHERE action = $1 ORDER BY id`, [action])).rows;

beforeAll(async () => {
  h = await harness();
  admin = await h.login('admin', 'admin');
});
afterAll(() => h?.close());

describe(`inquiry box on ${testEngine}`, () => {
  it('requires title and content with the spec message, and sanitises the HTML', async () => {
    const token = await h.login('user', 'user1');
    for (const body of [{ subject: '', content: '<p>x</p>' }, { subject: '제목', content: '<p><br></p>' }, { subject: '   ', content: '' }, {}]) {
      const r = await h.call('/api/user/inquiry/create', body, { token });
      expect(r.status).toBe(400);
      expect(r.json.error).toMatchObject({ code: 'inquiry_required', message: 'Please enter the inquiry title and content.' });
    }
    expect((await h.call('/api/user/inquiry/create', { subject: 's'.repeat(201), content: 'x' }, { token })).json.error.field).toBe('subject');
    const r = await create(
      token,
      ' 입금 문의 ',
      '<p>안녕 <b>하세요</b><img src="x.png" onerror="alert(1)"><script>steal()</script><a href="javascript:alert(1)">x</a></p>',
    );
    expect(r.status).toBe(200);
    const row = await h.db.query<{ subject: string; content: string; status: string }>('SELECT subject, content, status FROM inquiries WHERE id = $1', [
      r.json.data.id,
    ]);
    expect(row.rows[0]).toEqual({ subject: '입금 문의', content: '<p>안녕 <b>하세요</b><img src="x.png" /><a>x</a></p>', status: 'waiting' });
  });

  it('lists 5 per page, newest first; contents only when asked for', async () => {
    const token = await h.login('user', 'user2');
    for (let n = 1; n <= 6; n++) {
      await create(token, `q${n}`, `<p>c${n}</p>`);
      h.clock.advance(1000);
    }
    const page1 = await h.call('/api/user/inquiry/get', { skip: 0 }, { token });
    expect(page1.json.data.total).toBe(6);
    expect(page1.json.data.inquiries.map((i: any) => i.subject)).toEqual(['q6', 'q5', 'q4', 'q3', 'q2']);
    expect(page1.json.data.inquiries[0].content).toBeUndefined();
    const page2 = await h.call('/api/user/inquiry/get', { skip: 5, requiredContent: true }, { token });
    expect(page2.json.data.inquiries).toEqual([
      expect.objectContaining({ subject: 'q1', content: '<p>c1</p>', answer: null, status: 'waiting', answered_at: null, readed_at: null }),
    ]);
  });

  it('admin answers; the member sees an unread reply until opening it', async () => {
    const token = await h.login('user', 'user3');
    const id = (await create(token, '출금 문의')).json.data.id;
    const waiting = await h.call('/api/admin/inquiry/list', { status: 'waiting' }, { token: admin });
    const row = waiting.json.data.inquiries.find((i: any) => i.id === id);
    expect(row).toMatchObject({ account: 'user3', nickname: '회원3', subject: '출금 문의', status: 'waiting', kind: 'normal' });

    const blank = await h.call('/api/admin/inquiry/answer', { inquiry_id: id, answer: '<p> </p>' }, { token: admin });
    expect(blank.json.error).toMatchObject({ code: 'answer_required', message: 'Please enter the answer content.' });
    expect(await replies(token)).toBe(0);

    const ans = await h.call('/api/admin/inquiry/answer', { inquiry_id: id, answer: '<p>처리되었습니다</p><script>x</script>' }, { token: admin });
    expect(ans.json.data).toEqual({ ok: true });
    expect(await replies(token)).toBe(1);
    const answered = (await h.call('/api/admin/inquiry/list', { status: 'answered' }, { token: admin })).json.data.inquiries;
    expect(answered.map((i: any) => i.id)).toContain(id);
    expect((await h.call('/api/admin/inquiry/list', { status: 'waiting' }, { token: admin })).json.data.inquiries.map((i: any) => i.id)).not.toContain(id);

    h.clock.advance(60_000);
    const read = await h.call('/api/user/inquiry/read', { inquiry_id: id }, { token });
    expect(read.json.data.inquiry).toMatchObject({ id, status: 'answered', answer: '<p>처리되었습니다</p>', readed_at: h.clock.now().toISOString() });
    expect(read.json.data.inquiry.answered_at).toBe(new Date(h.clock.now().getTime() - 60_000).toISOString());
    expect(await replies(token)).toBe(0);
    h.clock.advance(60_000);
    const again = await h.call('/api/user/inquiry/read', { inquiry_id: id }, { token });
    expect(again.json.data.inquiry.readed_at).toBe(read.json.data.inquiry.readed_at);

    // Another member cannot open it.
    expect((await h.call('/api/user/inquiry/read', { inquiry_id: id }, { token: await h.login('user', 'user4') })).json.error.code).toBe('inquiry_not_found');

    const audit = await audits('inquiry.answer');
    expect(audit.length).toBe(1);
    expect(audit[0]).toMatchObject({ actor_type: 'admin', target: `inquiry:${id}`, ip: '127.0.0.1' });
    expect(audit[0].after).toMatchObject({ status: 'answered', answer: '<p>처리되었습니다</p>' });
  });

  it('opening a waiting inquiry does not mark it read; setWaiting hides the answer again', async () => {
    const token = await h.login('user', 'user4');
    const id = (await create(token, '대기 문의')).json.data.id;
    expect((await h.call('/api/user/inquiry/read', { inquiry_id: id }, { token })).json.data.inquiry.readed_at).toBeNull();
    await h.call('/api/admin/inquiry/answer', { inquiry_id: id, answer: '답변' }, { token: admin });
    const r = await h.call('/api/admin/inquiry/setWaiting', { inquiry_ids: [id] }, { token: admin });
    expect(r.json.data).toEqual({ updated: 1 });
    expect(await replies(token)).toBe(0);
    const mine = await h.call('/api/user/inquiry/read', { inquiry_id: id }, { token });
    expect(mine.json.data.inquiry).toMatchObject({ status: 'waiting', answer: null, answered_at: null, readed_at: null });
    expect((await audits('inquiry.setWaiting')).map((a) => a.after)).toEqual([{ ids: [String(id)] }]);
    expect((await h.call('/api/admin/inquiry/setWaiting', { inquiry_ids: [] }, { token: admin })).status).toBe(400);
  });

  it('deletes one inquiry, then all of the member’s', async () => {
    const token = await h.login('user', 'user5');
    const ids = [];
    for (const s of ['a', 'b', 'c']) ids.push((await create(token, s)).json.data.id);
    const otherToken = await h.login('user', 'user6');
    const others = (await create(otherToken, 'not yours')).json.data.id;
    expect((await h.call('/api/user/inquiry/delete', { inquiry_id: others }, { token })).status).toBe(404);
    expect((await h.call('/api/user/inquiry/delete', { inquiry_id: ids[1] }, { token })).json.data).toEqual({ deleted: 1 });
    expect((await h.call('/api/user/inquiry/get', {}, { token })).json.data.inquiries.map((i: any) => i.subject)).toEqual(['c', 'a']);
    expect((await h.call('/api/user/inquiry/delete', { inquiry_id: null }, { token })).json.data).toEqual({ deleted: 2 });
    expect((await h.call('/api/user/inquiry/get', {}, { token })).json.data.total).toBe(0);
    expect((await h.call('/api/user/inquiry/get', {}, { token: otherToken })).json.data.total).toBe(1);
    expect((await h.call('/api/user/inquiry/delete', {}, { token })).status).toBe(400); // inquiry_id must be given (null for all)
  });

  it('quick account request files the fixed inquiry and answers the spec text', async () => {
    const token = await h.login('user', 'user7');
    const r = await h.call('/api/user/inquiry/quickAccount', {}, { token });
    expect(r.status).toBe(200);
    expect(r.json.data.message).toBe('빠른 계좌 문의가 완료되었습니다. 고객센터 답변을 통해 안내 계좌를 확인해주세요.');
    const [q] = (await h.call('/api/user/inquiry/get', { requiredContent: true }, { token })).json.data.inquiries;
    expect(q).toMatchObject({ id: r.json.data.id, subject: '빠른 계좌 문의', content: '<p>빠른 계좌 문의</p>', status: 'waiting' });
    // Asking again while it waits does not pile up inquiries; after an answer a new one is filed.
    expect((await h.call('/api/user/inquiry/quickAccount', {}, { token })).json.data.id).toBe(r.json.data.id);
    const list = (await h.call('/api/admin/inquiry/list', {}, { token: admin })).json.data.inquiries;
    expect(list.find((i: any) => i.id === r.json.data.id)).toMatchObject({ kind: 'quick_account', account: 'user7' });
    await h.call('/api/admin/inquiry/answer', { inquiry_id: r.json.data.id, answer: '신한 100-200-300400' }, { token: admin });
    expect((await h.call('/api/user/inquiry/quickAccount', {}, { token })).json.data.id).not.toBe(r.json.data.id);
  });
});

describe(`note and inquiry-answer templates on ${testEngine}`, () => {
  it('create, list per kind, delete, each audited', async () => {
    const empty = await h.call('/api/admin/template/create', { kind: 'note', subject: '', content: 'x' }, { token: admin });
    expect(empty.json.error).toMatchObject({ code: 'template_required', message: 'Please enter the template title and content.' });
    const a = await h.call('/api/admin/template/create', { kind: 'note', subject: '점검 안내', content: '<p>점검</p><script>x</script>' }, { token: admin });
    const b = await h.call('/api/admin/template/create', { kind: 'inquiry', subject: '계좌 안내', content: '<p>계좌</p>' }, { token: admin });
    const notes = await h.call('/api/admin/template/list', { kind: 'note' }, { token: admin });
    expect(notes.json.data).toMatchObject({ total: 1, templates: [{ id: a.json.data.id, kind: 'note', subject: '점검 안내', content: '<p>점검</p>' }] });
    expect((await h.call('/api/admin/template/list', { kind: 'inquiry' }, { token: admin })).json.data.templates[0].id).toBe(b.json.data.id);
    expect((await h.call('/api/admin/template/delete', { id: a.json.data.id }, { token: admin })).json.data).toEqual({ ok: true });
    expect((await h.call('/api/admin/template/list', { kind: 'note' }, { token: admin })).json.data.total).toBe(0);
    expect((await h.call('/api/admin/template/delete', { id: a.json.data.id }, { token: admin })).json.error.code).toBe('template_not_found');
    expect((await audits('template.create')).length).toBe(2);
    expect((await audits('template.delete'))[0]).toMatchObject({ actor_type: 'admin', target: `template:${a.json.data.id}` });
    expect((await h.call('/api/admin/template/list', { kind: 'note' }, { token: await h.login('user', 'user1') })).status).toBe(401);
  });
});
