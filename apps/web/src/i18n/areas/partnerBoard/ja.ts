import type { AreaMessages } from '../../types.ts';
import type ko from './ko.ts';

const ja: AreaMessages<typeof ko> = {
  cols: {
    no: '番号',
    subject: '件名',
    author: '作成者',
    date: '作成日',
    status: '状態',
    answeredAt: '回答日',
    sender: '送信者',
    receivedAt: '受信日',
    readAt: '既読日',
    actions: '管理',
  },
  open: '表示',
  delete: '削除',
  close: '閉じる',
  refresh: '更新',
  loadFailed: '一覧を読み込めませんでした。',
  operator: '運営者',
  deleted: '削除しました。',
  notice: {
    empty: 'お知らせはありません。',
  },
  customer: {
    create: 'お問い合わせ',
    createTitle: '1:1 お問い合わせ作成',
    subjectPlaceholder: 'お問い合わせの件名を入力してください',
    contentPlaceholder: 'お問い合わせ内容を入力してください。画像を添付できます。',
    submit: '登録する',
    created: '新しいお問い合わせを作成しました。',
    empty: '作成したお問い合わせはありません。',
    statuses: { waiting: '回答待ち', answered: '回答済み' },
    question: 'お問い合わせ内容',
    answer: '回答',
    noAnswer: 'まだ回答はありません。',
    newAnswer: '新しい回答',
    deleteAll: 'すべて削除',
    confirmDelete: 'このお問い合わせを削除しますか？',
    confirmDeleteAll: '作成したお問い合わせをすべて削除しますか？',
  },
  message: {
    empty: '受信したメッセージはありません。',
    unreadCount: '未読メッセージ {{count}}件',
    states: { unread: '未読', read: '既読' },
    selectAll: 'すべて選択',
    select: '選択',
    readSelected: '選択を既読にする',
    selectFirst: '既読にするメッセージを選択してください。',
    marked: '{{count}}件を既読にしました。',
    confirmDelete: 'このメッセージを削除しますか？',
    onlyRead: '既読のメッセージのみ削除できます。',
  },
  summary: {
    replies: '新しい回答',
  },
};

export default ja;
