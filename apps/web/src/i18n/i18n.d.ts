import 'i18next';
import type ko from './locales/ko.ts';
import type money from './areas/money/ko.ts';
import type community from './areas/community/ko.ts';
import type betting from './areas/betting/ko.ts';
import type adminOps from './areas/adminOps/ko.ts';
import type account from './areas/account/ko.ts';

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
      };
    };
  }
}
