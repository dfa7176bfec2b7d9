import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDb, testEngine, type TestDb } from '../test/db.ts';
import { findRequestAnswer, saveRequestAnswer } from './request-answers.ts';

describe(`stored request answers on ${testEngine}`, () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await freshDb();
  });
  afterAll(() => db.drop());

  it('answers an exact repeat from the row and refuses a reuse with another payload', async () => {
    const at = new Date('2026-11-23T00:00:00Z');
    expect(await findRequestAnswer(db, 'demo:1', 'r1', { amount: '5' })).toBeUndefined();
    await saveRequestAnswer(db, 'demo:1', 'r1', { ok: 1 }, at, { amount: '5' });
    expect(await findRequestAnswer(db, 'demo:1', 'r1', { amount: '5' })).toEqual({ ok: 1 });
    await expect(findRequestAnswer(db, 'demo:1', 'r1', { amount: '6' })).rejects.toMatchObject({ status: 409, code: 'idempotency_conflict' });
    // Another caller's scope is another key.
    expect(await findRequestAnswer(db, 'demo:2', 'r1', { amount: '6' })).toBeUndefined();
  });
});
