import type { AreaMessages } from '../../types.ts';
import type ko from './ko.ts';

const vi: AreaMessages<typeof ko> = {
  title: 'Cây tuyến dưới',
  searchPlaceholder: 'ID hoặc biệt danh tuyến dưới',
  search: 'Tìm',
  results: 'Kết quả tìm kiếm',
  noResults: 'Không tìm thấy tài khoản nào ở tuyến dưới.',
  expand: 'Mở tuyến dưới',
  collapse: 'Thu gọn tuyến dưới',
  more: 'Xem thêm',
  summary: { account: 'Tài khoản của tôi', money: 'Số dư tiền', point: 'Điểm', agents: 'Đại lý tuyến dưới', members: 'Hội viên tuyến dưới' },
  cols: {
    role: 'Cấp bậc',
    account: 'ID',
    nickname: 'Biệt danh',
    path: 'Đường dẫn',
    money: 'Số dư tiền',
    point: 'Điểm',
    agents: 'Đại lý',
    members: 'Hội viên',
  },
};

export default vi;
