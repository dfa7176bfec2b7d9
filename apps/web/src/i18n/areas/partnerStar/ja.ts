import type { AreaMessages } from '../../types.ts';
import type ko from './ko.ts';

const ja: AreaMessages<typeof ko> = {
  title: '下位ツリー',
  searchPlaceholder: '下位のIDまたはニックネーム',
  search: '検索',
  results: '検索結果',
  noResults: '下位に該当するアカウントがありません。',
  expand: '下位を開く',
  collapse: '下位を閉じる',
  more: 'もっと見る',
  summary: { account: '自分のアカウント', money: '保有マネー', point: 'ポイント', agents: '下位エージェント', members: '下位会員' },
  cols: {
    role: '等級',
    account: 'ID',
    nickname: 'ニックネーム',
    path: '経路',
    money: '保有マネー',
    point: 'ポイント',
    agents: 'エージェント',
    members: '会員',
  },
};

export default ja;
