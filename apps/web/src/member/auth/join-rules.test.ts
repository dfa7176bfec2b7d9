import { describe, expect, it } from 'vitest';
import { ageOn, isJoinFieldValid, joinFieldProblem } from './join-rules.ts';

const today = '2026-11-23';

describe('join form rules (spec §5)', () => {
  it('checks the account: 3–30 letters, digits or _', () => {
    expect(joinFieldProblem('account', 'ab', today)).toBe('account.join.account');
    expect(joinFieldProblem('account', 'user_01', today)).toBeNull();
    expect(joinFieldProblem('account', '회원', today)).toBe('account.join.account');
    expect(joinFieldProblem('account', 'x'.repeat(31), today)).toBe('account.join.account');
  });
  it('checks the phone with or without hyphens', () => {
    expect(joinFieldProblem('phone', '010-1234-5678', today)).toBeNull();
    expect(joinFieldProblem('phone', '010-1234', today)).toBe('account.join.phone');
    expect(joinFieldProblem('phone', '02-123-4567', today)).toBe('account.join.phone');
  });
  it('wants exactly six digits for the SMS code, four or more digits for the password, at most four for the exchange password', () => {
    expect(joinFieldProblem('smsCode', '12345', today)).toBe('account.join.smsCode');
    expect(joinFieldProblem('smsCode', '123456', today)).toBeNull();
    expect(joinFieldProblem('password', '123', today)).toBe('account.join.password');
    expect(joinFieldProblem('password', '1234', today)).toBeNull();
    expect(joinFieldProblem('bankPassword', '12345', today)).toBe('account.join.bankPassword');
    expect(joinFieldProblem('bankPassword', '0000', today)).toBeNull();
  });
  it('says nothing for an empty field, but an empty field is not valid', () => {
    expect(joinFieldProblem('nickname', '', today)).toBeNull();
    expect(isJoinFieldValid('nickname', '', today)).toBe(false);
    expect(isJoinFieldValid('nickname', '가나', today)).toBe(true);
  });
  it('refuses players under 19', () => {
    expect(ageOn('2007-11-24', today)).toBe(18);
    expect(joinFieldProblem('birthDate', '2007-11-24', today)).toBe('account.join.birthDate');
    expect(joinFieldProblem('birthDate', '2007-11-23', today)).toBeNull();
  });
  it("takes the operator's minimum age when the server gives one", () => {
    expect(joinFieldProblem('birthDate', '2006-11-23', today, 21)).toBe('account.join.birthDate');
    expect(joinFieldProblem('birthDate', '2005-11-23', today, 21)).toBeNull();
    expect(isJoinFieldValid('birthDate', '2008-11-23', today, 18)).toBe(true);
  });
});
