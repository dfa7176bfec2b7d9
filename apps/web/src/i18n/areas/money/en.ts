import type { AreaMessages } from '../../types.ts';
import type ko from './ko.ts';

const en: AreaMessages<typeof ko> = {
  title: 'money',
};

export default en;
