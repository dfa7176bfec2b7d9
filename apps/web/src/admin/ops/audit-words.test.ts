import { describe, expect, it } from 'vitest';
import { actionWords, changesOf, targetWords } from './audit-words.ts';

const dict: Record<string, string> = {
  'adminRoles.audit.objects.member': '회원',
  'adminRoles.audit.verbs.status': '상태 변경',
  'adminRoles.audit.verbs.approve': '승인',
  'adminRoles.audit.targets.user': '회원',
  'adminRoles.audit.targets.post': '게시물',
};
const w = { has: (k: string) => k in dict, t: (k: string) => dict[k] };

describe('audit in words', () => {
  it('words an action by its object and verb, and keeps an unknown one as written', () => {
    expect(actionWords('member.status', w)).toBe('회원 상태 변경');
    expect(actionWords('approve', w)).toBe('승인');
    expect(actionWords('member.unknownVerb', w)).toBe('member.unknownVerb');
    expect(actionWords('widget.status', w)).toBe('widget.status');
  });

  it('words a target by its kind and the member account', () => {
    expect(targetWords('user:42', 'user1', w)).toBe('회원 user1 (#42)');
    expect(targetWords('post:5', null, w)).toBe('게시물 #5');
    expect(targetWords('thing:1', null, w)).toBe('thing:1');
    expect(targetWords(null, null, w)).toBe('-');
  });

  it('sets before and after side by side and marks what changed', () => {
    expect(changesOf({ status: 'normal_a', memo: 'x' }, { status: 'suspended', memo: 'x' }, '없음')).toEqual([
      { key: 'status', before: 'normal_a', after: 'suspended', changed: true },
      { key: 'memo', before: 'x', after: 'x', changed: false },
    ]);
    expect(changesOf(null, null, '없음')).toEqual([]);
    expect(changesOf(5, 6, '없음')).toEqual([{ key: 'value', before: '5', after: '6', changed: true }]);
  });

  it('shows an absent value (null, missing, empty, or no before at all) as the given "none" text, never "null"', () => {
    expect(changesOf({ memo: null, thumbnail: 'a.png' }, { memo: 'vip', thumbnail: null, extra: '' }, '없음')).toEqual([
      { key: 'memo', before: '없음', after: 'vip', changed: true },
      { key: 'thumbnail', before: 'a.png', after: '없음', changed: true },
      { key: 'extra', before: '없음', after: '없음', changed: false },
    ]);
    expect(changesOf({ memo: null }, { memo: undefined }, '-')).toEqual([{ key: 'memo', before: '-', after: '-', changed: false }]);
    expect(changesOf(null, { ip: '1.2.3.4' }, '없음')).toEqual([{ key: 'ip', before: '없음', after: '1.2.3.4', changed: false }]);
    expect(changesOf({ ip: '1.2.3.4' }, null, 'none')).toEqual([{ key: 'ip', before: '1.2.3.4', after: 'none', changed: false }]);
  });
});
