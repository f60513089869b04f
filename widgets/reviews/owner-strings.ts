/** Moderation strings (they load with the owner's chunk). */
export const ownerStrings = {
  'o.queue': 'Waiting for approval ({count})',
  'o.approve': 'Approve',
  'o.reject': 'Reject',
  'o.approveAll': 'Approve all',
  'o.rejectAll': 'Reject all',
  'o.addReply': 'Reply',
  'o.editReply': 'Edit reply',
  'o.deleteReply': 'Delete reply',
  'o.saveReply': 'Save reply',
  'o.replyLabel': 'Reply to {name}',
  'o.delete': 'Delete review',
  'o.confirmDelete': 'Confirm delete',
  'o.done': 'Done.',
  'o.started_one': 'Moderating {count} review; it may take a moment.',
  'o.started_other': 'Moderating {count} reviews; it may take a moment.',
  'o.cancel': 'Cancel',
};
