import type { AreaMessages } from '../../types.ts';
import type ko from './ko.ts';

const en: AreaMessages<typeof ko> = {
  title: 'Downline tree',
  searchPlaceholder: 'Downline ID or nickname',
  search: 'Find',
  results: 'Search results',
  noResults: 'No account found in your downline.',
  expand: 'Open downline',
  collapse: 'Close downline',
  more: 'More',
  summary: { account: 'My account', money: 'Money', point: 'Points', agents: 'Agents below', members: 'Members below' },
  cols: {
    role: 'Tier',
    account: 'ID',
    nickname: 'Nickname',
    path: 'Path',
    money: 'Money',
    point: 'Points',
    agents: 'Agents',
    members: 'Members',
  },
};

export default en;
