import 'i18next';
import type ko from './locales/ko.ts';
import type money from './areas/money/ko.ts';
import type community from './areas/community/ko.ts';
import type betting from './areas/betting/ko.ts';
import type adminOps from './areas/adminOps/ko.ts';
import type account from './areas/account/ko.ts';
import type sports from './areas/sports/ko.ts';
import type minigames from './areas/minigames/ko.ts';
import type casino from './areas/casino/ko.ts';
import type adminSports from './areas/adminSports/ko.ts';
import type adminGames from './areas/adminGames/ko.ts';
import type adminTree from './areas/adminTree/ko.ts';
import type adminMembers from './areas/adminMembers/ko.ts';
import type adminRecords from './areas/adminRecords/ko.ts';
import type adminSite from './areas/adminSite/ko.ts';
import type adminContent from './areas/adminContent/ko.ts';
import type adminRoles from './areas/adminRoles/ko.ts';
import type adminSettings from './areas/adminSettings/ko.ts';
import type partnerBoard from './areas/partnerBoard/ko.ts';
import type partnerDownline from './areas/partnerDownline/ko.ts';
import type losing from './areas/losing/ko.ts';
import type partnerStar from './areas/partnerStar/ko.ts';
import type partnerStats from './areas/partnerStats/ko.ts';
import type partnerDetail from './areas/partnerDetail/ko.ts';
import type partnerMoney from './areas/partnerMoney/ko.ts';
import type protectionReports from './areas/protectionReports/ko.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof ko & {
        money: typeof money;
        community: typeof community;
        betting: typeof betting;
        adminOps: typeof adminOps;
        account: typeof account;
        sports: typeof sports;
        minigames: typeof minigames;
        casino: typeof casino;
        adminSports: typeof adminSports;
        adminGames: typeof adminGames;
        adminTree: typeof adminTree;
        adminMembers: typeof adminMembers;
        adminRecords: typeof adminRecords;
        adminSite: typeof adminSite;
        adminContent: typeof adminContent;
        adminRoles: typeof adminRoles;
        adminSettings: typeof adminSettings;
        partnerBoard: typeof partnerBoard;
        partnerDownline: typeof partnerDownline;
        losing: typeof losing;
        partnerStar: typeof partnerStar;
        partnerStats: typeof partnerStats;
        partnerDetail: typeof partnerDetail;
        partnerMoney: typeof partnerMoney;
        protectionReports: typeof protectionReports;
      };
    };
  }
}
