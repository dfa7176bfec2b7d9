import type { AreaMessages } from '../../types.ts';
import type ko from './ko.ts';

const th: AreaMessages<typeof ko> = {
  cols: {
    no: 'ลำดับ',
    subject: 'หัวข้อ',
    author: 'ผู้เขียน',
    date: 'วันที่เขียน',
    status: 'สถานะ',
    answeredAt: 'วันที่ตอบ',
    sender: 'ผู้ส่ง',
    receivedAt: 'วันที่ได้รับ',
    readAt: 'วันที่อ่าน',
    actions: 'จัดการ',
  },
  open: 'ดู',
  delete: 'ลบ',
  close: 'ปิด',
  refresh: 'รีเฟรช',
  loadFailed: 'โหลดรายการไม่สำเร็จ',
  operator: 'ผู้ดูแลระบบ',
  deleted: 'ลบแล้ว',
  notice: {
    empty: 'ยังไม่มีประกาศ',
  },
  customer: {
    create: 'สอบถาม',
    createTitle: 'เขียนคำถาม 1:1',
    subjectPlaceholder: 'กรอกหัวข้อคำถาม',
    contentPlaceholder: 'กรอกรายละเอียดคำถาม แนบรูปภาพได้',
    submit: 'ส่งคำถาม',
    created: 'เขียนคำถามใหม่เรียบร้อยแล้ว',
    empty: 'ยังไม่มีคำถามที่เขียนไว้',
    statuses: { waiting: 'รอคำตอบ', answered: 'ตอบแล้ว' },
    question: 'รายละเอียดคำถาม',
    answer: 'คำตอบ',
    noAnswer: 'ยังไม่มีคำตอบ',
    newAnswer: 'คำตอบใหม่',
    deleteAll: 'ลบทั้งหมด',
    confirmDelete: 'ต้องการลบคำถามนี้หรือไม่?',
    confirmDeleteAll: 'ต้องการลบคำถามที่เขียนไว้ทั้งหมดหรือไม่?',
  },
  message: {
    empty: 'ไม่มีข้อความ',
    unreadCount: 'ข้อความที่ยังไม่อ่าน {{count}} ฉบับ',
    states: { unread: 'ยังไม่อ่าน', read: 'อ่านแล้ว' },
    selectAll: 'เลือกทั้งหมด',
    select: 'เลือก',
    readSelected: 'ทำเครื่องหมายว่าอ่านแล้ว',
    selectFirst: 'กรุณาเลือกข้อความที่จะทำเครื่องหมายว่าอ่านแล้ว',
    marked: 'ทำเครื่องหมายอ่านแล้ว {{count}} ฉบับ',
    confirmDelete: 'ต้องการลบข้อความนี้หรือไม่?',
    onlyRead: 'ลบได้เฉพาะข้อความที่อ่านแล้วเท่านั้น',
  },
  summary: {
    replies: 'คำตอบใหม่',
  },
};

export default th;
