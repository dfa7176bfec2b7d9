import type { AreaMessages } from '../../types.ts';
import type ko from './ko.ts';

const vi: AreaMessages<typeof ko> = {
  title: 'community',
};

export default vi;
