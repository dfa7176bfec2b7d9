/** Korean source strings for the partner tree screen /pa-star (issue 18); other languages must have the same keys. */
const ko = {
  title: '하부 트리',
  searchPlaceholder: '하부 아이디 또는 닉네임',
  search: '찾기',
  results: '검색 결과',
  noResults: '하부에서 찾은 계정이 없습니다.',
  expand: '하부 펼치기',
  collapse: '하부 접기',
  more: '더 보기',
  summary: { account: '내 계정', money: '보유머니', point: '포인트', agents: '하부 에이전트', members: '하부 회원' },
  cols: {
    role: '등급',
    account: '아이디',
    nickname: '닉네임',
    path: '경로',
    money: '보유머니',
    point: '포인트',
    agents: '에이전트',
    members: '회원',
  },
};

export default ko;
