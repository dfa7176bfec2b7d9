import type { AreaMessages } from '../../types.ts';
import type ko from './ko.ts';

const th: AreaMessages<typeof ko> = {
  title: 'money',
};

export default th;
