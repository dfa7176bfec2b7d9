import type { AreaMessages } from '../../types.ts';
import type ko from './ko.ts';

const vi: AreaMessages<typeof ko> = {
  cols: {
    no: 'STT',
    subject: 'Tiêu đề',
    author: 'Người viết',
    date: 'Ngày viết',
    status: 'Trạng thái',
    answeredAt: 'Ngày trả lời',
    sender: 'Người gửi',
    receivedAt: 'Ngày nhận',
    readAt: 'Ngày đọc',
    actions: 'Quản lý',
  },
  open: 'Xem',
  delete: 'Xóa',
  close: 'Đóng',
  refresh: 'Làm mới',
  loadFailed: 'Không tải được danh sách.',
  operator: 'Ban quản trị',
  deleted: 'Đã xóa.',
  notice: {
    empty: 'Chưa có thông báo nào.',
  },
  customer: {
    create: 'Gửi yêu cầu',
    createTitle: 'Viết yêu cầu hỗ trợ 1:1',
    subjectPlaceholder: 'Nhập tiêu đề yêu cầu',
    contentPlaceholder: 'Nhập nội dung yêu cầu. Có thể đính kèm hình ảnh.',
    submit: 'Gửi yêu cầu',
    created: 'Đã tạo yêu cầu mới.',
    empty: 'Bạn chưa gửi yêu cầu nào.',
    statuses: { waiting: 'Chờ trả lời', answered: 'Đã trả lời' },
    question: 'Nội dung yêu cầu',
    answer: 'Trả lời',
    noAnswer: 'Chưa có câu trả lời.',
    newAnswer: 'Trả lời mới',
    deleteAll: 'Xóa tất cả',
    confirmDelete: 'Xóa yêu cầu này?',
    confirmDeleteAll: 'Xóa tất cả yêu cầu đã viết?',
  },
  message: {
    empty: 'Không có tin nhắn nào.',
    unreadCount: '{{count}} tin nhắn chưa đọc',
    states: { unread: 'Chưa đọc', read: 'Đã đọc' },
    selectAll: 'Chọn tất cả',
    select: 'Chọn',
    readSelected: 'Đánh dấu đã đọc',
    selectFirst: 'Hãy chọn tin nhắn cần đánh dấu đã đọc.',
    marked: 'Đã đánh dấu {{count}} tin nhắn là đã đọc.',
    confirmDelete: 'Xóa tin nhắn này?',
    onlyRead: 'Chỉ có thể xóa tin nhắn đã đọc.',
  },
  summary: {
    replies: 'Trả lời mới',
  },
};

export default vi;
