import type { AreaMessages } from '../../types.ts';
import type ko from './ko.ts';

const th: AreaMessages<typeof ko> = {
  title: 'แผนผังสายล่าง',
  searchPlaceholder: 'ไอดีหรือชื่อเล่นของสายล่าง',
  search: 'ค้นหา',
  results: 'ผลการค้นหา',
  noResults: 'ไม่พบบัญชีในสายล่าง',
  expand: 'ขยายสายล่าง',
  collapse: 'ยุบสายล่าง',
  more: 'ดูเพิ่มเติม',
  summary: { account: 'บัญชีของฉัน', money: 'ยอดเงิน', point: 'พอยต์', agents: 'เอเจนต์สายล่าง', members: 'สมาชิกสายล่าง' },
  cols: {
    role: 'ระดับ',
    account: 'ไอดี',
    nickname: 'ชื่อเล่น',
    path: 'เส้นทาง',
    money: 'ยอดเงิน',
    point: 'พอยต์',
    agents: 'เอเจนต์',
    members: 'สมาชิก',
  },
};

export default th;
