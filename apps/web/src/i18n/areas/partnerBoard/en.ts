import type { AreaMessages } from '../../types.ts';
import type ko from './ko.ts';

const en: AreaMessages<typeof ko> = {
  cols: {
    no: 'No.',
    subject: 'Subject',
    author: 'Author',
    date: 'Written',
    status: 'Status',
    answeredAt: 'Answered',
    sender: 'Sender',
    receivedAt: 'Received',
    readAt: 'Read',
    actions: 'Actions',
  },
  open: 'View',
  delete: 'Delete',
  close: 'Close',
  refresh: 'Refresh',
  loadFailed: 'The list could not be loaded.',
  operator: 'Operator',
  deleted: 'Deleted.',
  notice: {
    empty: 'No announcements yet.',
  },
  customer: {
    create: 'New inquiry',
    createTitle: 'Write a 1:1 inquiry',
    subjectPlaceholder: 'Enter the inquiry subject',
    contentPlaceholder: 'Describe your inquiry. You can attach images.',
    submit: 'Send inquiry',
    created: 'A new inquiry has been written.',
    empty: 'You have not written any inquiry.',
    statuses: { waiting: 'Awaiting reply', answered: 'Answered' },
    question: 'Inquiry',
    answer: 'Answer',
    noAnswer: 'No answer yet.',
    newAnswer: 'New answer',
    deleteAll: 'Delete all',
    confirmDelete: 'Delete this inquiry?',
    confirmDeleteAll: 'Delete all written inquiries?',
  },
  message: {
    empty: 'No notes received.',
    unreadCount: '{{count}} unread notes',
    states: { unread: 'Unread', read: 'Read' },
    selectAll: 'Select all',
    select: 'Select',
    readSelected: 'Mark selected read',
    selectFirst: 'Select the notes to mark read.',
    marked: '{{count}} notes marked read.',
    confirmDelete: 'Delete this note?',
    onlyRead: 'Only read notes can be deleted.',
  },
  summary: {
    replies: 'New answers',
  },
};

export default en;
