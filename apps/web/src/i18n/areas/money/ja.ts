import type { AreaMessages } from '../../types.ts';
import type ko from './ko.ts';

const ja: AreaMessages<typeof ko> = {
  title: 'money',
};

export default ja;
